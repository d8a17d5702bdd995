import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** sha256 of a file's bytes as lowercase hex, read as a stream (constant memory). */
export async function hashFile(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest("hex");
}
