import { mkdtempSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { listZipEntries, openZipEntry, type ZipEntry } from "./read-zip-entries";

const dir = mkdtempSync(join(tmpdir(), "goldenset-zip-"));
const big = Array.from({ length: 20_000 }, (_, index) => `{"_id":"d${index}","text":"text ${index}"}`).join(
  "\n",
);

function writeZip(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function readEntry(path: string, entry: ZipEntry): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of openZipEntry(path, entry)) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

/** How many of this process's file descriptors are open on `path` (Linux: /proc/self/fd). */
function descriptorsOpenOn(path: string): number {
  const target = realpathSync(path);
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === target;
    } catch {
      return false; // closed while listing
    }
  }).length;
}

function entryNamed(entries: ZipEntry[], name: string): ZipEntry {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no entry ${name}`);
  return entry;
}

/** A one-entry stored zip written the zip64 way (sizes and offset in extra field 1, zip64 end records). */
function zip64Of(name: string, content: Uint8Array): Uint8Array {
  const nameBytes = strToU8(name);
  const u16 = (value: number) => Buffer.from(new Uint16Array([value]).buffer);
  const u32 = (value: number) => Buffer.from(new Uint32Array([value]).buffer);
  const u64 = (value: number) => Buffer.from(new BigUint64Array([BigInt(value)]).buffer);
  const crc = crc32(content);
  const common = [u16(45), u16(0), u16(0), u16(0), u16(0), u32(crc), u32(0xffffffff), u32(0xffffffff)];
  const local = Buffer.concat([
    u32(0x04034b50),
    ...common,
    u16(nameBytes.length),
    u16(20),
    nameBytes,
    u16(1),
    u16(16),
    u64(content.length),
    u64(content.length),
    content,
  ]);
  const central = Buffer.concat([
    u32(0x02014b50),
    u16(45),
    ...common,
    u16(nameBytes.length),
    u16(28),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(0xffffffff),
    nameBytes,
    u16(1),
    u16(24),
    u64(content.length),
    u64(content.length),
    u64(0),
  ]);
  const zip64End = Buffer.concat([
    u32(0x06064b50),
    u64(44),
    u16(45),
    u16(45),
    u32(0),
    u32(0),
    u64(1),
    u64(1),
    u64(central.length),
    u64(local.length),
  ]);
  const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(local.length + central.length), u32(1)]);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0xffff),
    u16(0xffff),
    u16(0xffff),
    u16(0xffff),
    u32(0xffffffff),
    u32(0xffffffff),
    u16(0),
  ]);
  return Buffer.concat([local, central, zip64End, locator, end]);
}

describe("listZipEntries and openZipEntry", () => {
  it("lists entries and streams stored and deflated ones", async () => {
    const path = writeZip(
      "mixed.zip",
      zipSync({
        "data/big.jsonl": [strToU8(big), { level: 9 }],
        "data/small.txt": [strToU8("héllo"), { level: 0 }],
        "empty.txt": [new Uint8Array(0), { level: 0 }],
      }),
    );
    const entries = await listZipEntries(path);
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      "data/big.jsonl",
      "data/small.txt",
      "empty.txt",
    ]);
    expect(entryNamed(entries, "data/big.jsonl")).toMatchObject({ method: 8, uncompressedSize: big.length });
    expect(entryNamed(entries, "data/small.txt").method).toBe(0);
    expect(await readEntry(path, entryNamed(entries, "data/big.jsonl"))).toBe(big);
    expect(await readEntry(path, entryNamed(entries, "data/small.txt"))).toBe("héllo");
    expect(await readEntry(path, entryNamed(entries, "empty.txt"))).toBe("");
  });

  it("reads zip64 archives", async () => {
    const path = writeZip("zip64.zip", zip64Of("corpus.jsonl", strToU8("zip64 content\n")));
    const entries = await listZipEntries(path);
    expect(entries).toEqual([
      expect.objectContaining({
        name: "corpus.jsonl",
        compressedSize: 14,
        uncompressedSize: 14,
        localHeaderOffset: 0,
      }),
    ]);
    expect(await readEntry(path, entries[0]!)).toBe("zip64 content\n");
  });

  it("reports a corrupt deflated entry as a bad request", async () => {
    const zip = zipSync({ "big.jsonl": strToU8(big) });
    const entry = entryNamed(await listZipEntries(writeZip("probe.zip", zip)), "big.jsonl");
    const corrupt = zip.slice();
    const dataStart = entry.localHeaderOffset + 30 + "big.jsonl".length;
    corrupt.fill(0xff, dataStart + 10, dataStart + 200);
    const path = writeZip("corrupt.zip", corrupt);
    const error = await readEntry(path, entry).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^"big.jsonl" in corrupt\.zip is corrupt/);
  });

  it("refuses files that are not zips, or whose end was cut off", async () => {
    const notZip = writeZip("not-a.zip", strToU8("just text, no zip here\n"));
    await expect(listZipEntries(notZip)).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/"not-a\.zip" is not a readable zip file: no zip directory/),
    });
    const zip = zipSync({ "a.txt": strToU8(big) });
    const cut = writeZip("cut.zip", zip.subarray(0, zip.length - 30));
    await expect(listZipEntries(cut)).rejects.toMatchObject({ code: "bad_request" });
    await expect(listZipEntries(join(dir, "missing.zip"))).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses an entry that inflates to more than its announced size, and unsafe names", async () => {
    const zip = Buffer.from(zipSync({ "big.jsonl": strToU8(big) }));
    const directoryOffset = zip.readUInt32LE(zip.length - 6);
    zip.writeUInt32LE(1000, directoryOffset + 24); // the uncompressed size in the central directory
    const path = writeZip("liar.zip", zip);
    const [entry] = await listZipEntries(path);
    await expect(readEntry(path, entry!)).rejects.toThrow(
      /^"big\.jsonl" in liar\.zip is corrupt: too many bytes/,
    );
    const climbing = writeZip("climbing.zip", zipSync({ "../corpus.jsonl": strToU8("{}") }));
    await expect(listZipEntries(climbing)).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/^"climbing\.zip" is not a readable zip file: .*\.\.\/corpus\.jsonl/),
    });
    const windows = writeZip("windows.zip", zipSync({ "scifact\\corpus.jsonl": strToU8("{}") }));
    expect((await listZipEntries(windows)).map((entry) => entry.name)).toEqual(["scifact/corpus.jsonl"]);
  });

  it.skipIf(process.platform !== "linux")("closes the zip file however reading ends", async () => {
    const zip = zipSync({ "big.jsonl": strToU8(big), "small.txt": [strToU8("small"), { level: 0 }] });
    const path = writeZip("closing.zip", zip);
    const entries = await listZipEntries(path);
    for (const entry of entries) {
      for await (const chunk of openZipEntry(path, entry)) {
        expect(chunk.length).toBeGreaterThan(0);
        expect(descriptorsOpenOn(path)).toBe(1);
        break; // the consumer stops early
      }
      await readEntry(path, entry);
    }
    const corrupt = zip.slice();
    corrupt.fill(0xff, 60, 300); // inside big.jsonl's deflated data
    const corruptPath = writeZip("closing-corrupt.zip", corrupt);
    await expect(readEntry(corruptPath, entryNamed(entries, "big.jsonl"))).rejects.toThrow(/is corrupt/);
    const damaged = Buffer.from(zip);
    damaged.writeUInt32LE(0, damaged.readUInt32LE(damaged.length - 6)); // the central directory's signature
    const damagedPath = writeZip("closing-damaged.zip", damaged);
    await expect(listZipEntries(damagedPath)).rejects.toMatchObject({ code: "bad_request" });
    await expect(readEntry(damagedPath, entries[0]!)).rejects.toMatchObject({ code: "bad_request" });
    // a descriptor is closed a moment after its last use, not synchronously
    for (const each of [path, corruptPath, damagedPath])
      await expect.poll(() => descriptorsOpenOn(each)).toBe(0);
  });

  it("refuses encrypted entries and unsupported compression methods", async () => {
    const path = writeZip("plain.zip", zipSync({ "a.txt": strToU8("a") }));
    const [entry] = await listZipEntries(path);
    await expect(readEntry(path, { ...entry!, encrypted: true })).rejects.toThrow(/is encrypted/);
    await expect(readEntry(path, { ...entry!, method: 12 })).rejects.toThrow(/compression method 12/);
  });
});
