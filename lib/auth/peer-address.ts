import { randomBytes } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { trustedProxiesSetting } from "@/lib/env";
import { parseTrustedProxies, resolveClientAddress } from "@/lib/throttle/client-address";

/*
 * Route handlers and server actions see a request's headers, never its socket. Next.js does put
 * the socket's address in `X-Forwarded-For`, but only when the client sent none
 * (next/dist/server/base-server.js: `req.headers['x-forwarded-for'] ??= socket.remoteAddress`),
 * so that header says whatever a client wants. capturePeerAddresses() copies each socket's address
 * into a header of our own as the request arrives: Node publishes `http.server.request.start` on
 * a diagnostics channel before the server's request listener (Next.js) runs. The header's name is
 * random per process, so no client can send it; it is kept on globalThis because the
 * instrumentation hook and the routes are separate bundles with separate module instances.
 */

const headerNameKey = Symbol.for("goldenset.peer-address-header");
type GlobalWithPeerHeader = typeof globalThis & { [headerNameKey]?: string };

/**
 * Starts recording every request's socket address (once per process; instrumentation.ts calls it
 * at start-up). Throws when GOLDENSET_TRUSTED_PROXIES is malformed, so a bad setting stops the
 * server instead of failing each sign-in.
 */
export function capturePeerAddresses(): void {
  parseTrustedProxies(trustedProxiesSetting());
  const global = globalThis as GlobalWithPeerHeader;
  if (global[headerNameKey]) return;
  const headerName = `x-goldenset-peer-${randomBytes(12).toString("hex")}`;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    if (socket.remoteAddress) request.headers[headerName] = socket.remoteAddress;
  });
  global[headerNameKey] = headerName;
}

/** The header capturePeerAddresses() writes; null before it ran. */
export function peerAddressHeaderName(): string | null {
  return (globalThis as GlobalWithPeerHeader)[headerNameKey] ?? null;
}

/**
 * The address (an IPv6 /64) that per-client limits count a request under, or null when it is not
 * known: no socket address was recorded (requests from tests, or before start-up finished), or a
 * forwarded chain that decides it is malformed. See lib/throttle/client-address.ts for the rules.
 */
export function clientAddressFromHeaders(requestHeaders: Headers): string | null {
  const headerName = peerAddressHeaderName();
  return resolveClientAddress({
    peerAddress: headerName === null ? null : requestHeaders.get(headerName),
    forwardedFor: requestHeaders.get("x-forwarded-for"),
    trustedProxies: parseTrustedProxies(trustedProxiesSetting()),
  });
}
