import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Transform } from "node:stream";
import { describe, expect, it } from "vitest";
import { BackupKeyError, decryptStream, encryptStream } from "../../server/backups/encryption.ts";
import { parseBackupKey } from "../../server/core/backup-key.ts";

const KEY = randomBytes(32);
const CHUNK = 64 * 1024;

/** `data` through `transform`, fed in pieces of `piece` bytes (a stream's chunks fall anywhere). */
function through(transform: Transform, data: Buffer, piece = 10_000): Promise<Buffer> {
  const pieces = Array.from({ length: Math.ceil(data.length / piece) }, (_, index) =>
    data.subarray(index * piece, (index + 1) * piece),
  );
  return buffer(Readable.from(pieces).pipe(transform));
}

describe("the off-site copies' encryption", () => {
  it("gives back every size of file, across record boundaries", async () => {
    for (const size of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17]) {
      const plain = randomBytes(size);
      const sealed = await through(encryptStream(KEY), plain);
      expect(sealed.includes(plain.subarray(0, 64)) && size >= 64).toBe(false);
      expect((await through(decryptStream(KEY), sealed, 7_777)).equals(plain)).toBe(true);
    }
  });

  it("never encrypts two files alike", async () => {
    const plain = Buffer.from("the same backup");
    const [first, second] = await Promise.all([through(encryptStream(KEY), plain), through(encryptStream(KEY), plain)]);
    expect(first.equals(second)).toBe(false);
  });

  it("tells a wrong key from a damaged file, and refuses a truncated or altered one", async () => {
    const plain = randomBytes(3 * CHUNK + 5);
    const sealed = await through(encryptStream(KEY), plain);
    await expect(through(decryptStream(randomBytes(32)), sealed)).rejects.toThrow(BackupKeyError);
    const header = sealed.length - (3 * (CHUNK + 16) + 5 + 16);
    // Cut at a record's end: what is left would decrypt, but its last record is not marked last.
    await expect(through(decryptStream(KEY), sealed.subarray(0, header + 2 * (CHUNK + 16)))).rejects.toThrow(
      /damaged or truncated/,
    );
    const altered = Buffer.from(sealed);
    altered[header + CHUNK + 100] ^= 1;
    await expect(through(decryptStream(KEY), altered)).rejects.toThrow(/damaged or truncated/);
    await expect(through(decryptStream(KEY), Buffer.from("SQLite format 3\0 and more"))).rejects.toThrow(
      /not an encrypted utilaje backup/,
    );
  });

  it("reads the company's key as base64 or hex, 32 bytes only", () => {
    expect(parseBackupKey(KEY.toString("base64"))?.equals(KEY)).toBe(true);
    expect(parseBackupKey(KEY.toString("hex"))?.equals(KEY)).toBe(true);
    expect(parseBackupKey(randomBytes(16).toString("base64"))).toBeUndefined();
    expect(parseBackupKey("not a key")).toBeUndefined();
  });
});
