import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  capturePeerAddresses,
  clientAddressFromHeaders,
  peerAddressHeaderName,
} from "@/lib/auth/peer-address";

// A real HTTP server and real sockets: the address recorded for a request is its socket's,
// whatever headers the client sends.

let server: Server;
let origin: string;

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

beforeAll(async () => {
  capturePeerAddresses();
  server = createServer((request, response) => {
    response.end(JSON.stringify({ client: clientAddressFromHeaders(toHeaders(request.headers)) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  delete process.env.GOLDENSET_TRUSTED_PROXIES;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function clientSeenBy(headers: Record<string, string>): Promise<string | null> {
  const response = await fetch(origin, { headers });
  return ((await response.json()) as { client: string | null }).client;
}

describe("capturePeerAddresses and clientAddressFromHeaders", () => {
  it("takes the socket's address, not X-Forwarded-For, when no proxy is trusted", async () => {
    expect(await clientSeenBy({})).toBe("127.0.0.1");
    expect(await clientSeenBy({ "x-forwarded-for": "1.2.3.4" })).toBe("127.0.0.1");
    expect(await clientSeenBy({ "x-real-ip": "1.2.3.4" })).toBe("127.0.0.1");
  });

  it("overwrites a client's own copy of the recording header", async () => {
    expect(await clientSeenBy({ [peerAddressHeaderName() ?? "missing"]: "6.6.6.6" })).toBe("127.0.0.1");
  });

  it("takes the forwarded client when the socket is a trusted proxy", async () => {
    process.env.GOLDENSET_TRUSTED_PROXIES = "127.0.0.1";
    expect(await clientSeenBy({ "x-forwarded-for": "6.6.6.6, 198.51.100.4" })).toBe("198.51.100.4");
  });

  it("knows no address for headers that did not come through the server", () => {
    expect(clientAddressFromHeaders(new Headers({ "x-forwarded-for": "1.2.3.4" }))).toBeNull();
  });

  it("refuses a malformed GOLDENSET_TRUSTED_PROXIES at start-up", () => {
    process.env.GOLDENSET_TRUSTED_PROXIES = "10.0.0.0/8, proxy.internal";
    expect(() => capturePeerAddresses()).toThrow(/"proxy.internal" is not an IP address/);
  });
});
