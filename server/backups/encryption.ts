import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

/**
 * A backup encrypted before it leaves the machine (decision 085): AES-256-GCM in the STREAM
 * construction (as age and Tink's streaming AEAD use it), so a file of any size is encrypted and
 * decrypted as it streams, and a truncated, reordered or altered file is refused.
 *
 * File: MAGIC, a 16-byte random salt, a 16-byte key check, then records of CHUNK plaintext bytes
 * (the last one shorter, possibly empty), each its ciphertext and 16-byte tag. The file's key is
 * HKDF-SHA256(the company's key, salt): never the same key twice, so 96-bit nonces made of a
 * record counter and a last-record flag never repeat. The key check (also from HKDF) tells a wrong
 * key from a damaged file before anything is decrypted.
 */
const MAGIC = Buffer.from("UTILAJE-BACKUP-AES256GCM-1\n", "latin1");
const SALT_BYTES = 16;
const CHECK_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + CHECK_BYTES;
const CHUNK = 64 * 1024;
const TAG_BYTES = 16;
const RECORD = CHUNK + TAG_BYTES;

export class BackupKeyError extends Error {}

function derive(key: Buffer, salt: Buffer): { fileKey: Buffer; check: Buffer } {
  const bytes = Buffer.from(hkdfSync("sha256", key, salt, "utilaje backup file", 32 + CHECK_BYTES));
  return { fileKey: bytes.subarray(0, 32), check: bytes.subarray(32) };
}

function nonce(counter: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  value.writeUIntBE(counter, 5, 6);
  value[11] = last ? 1 : 0;
  return value;
}

/** A stream that encrypts what passes through it with `key`. */
export function encryptStream(key: Buffer): Transform {
  const salt = randomBytes(SALT_BYTES);
  const { fileKey, check } = derive(key, salt);
  const header = Buffer.concat([MAGIC, salt, check]);
  let counter = 0;
  let pending = Buffer.alloc(0);
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", fileKey, nonce(counter, last));
    cipher.setAAD(header);
    counter += 1;
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        this.push(header);
        started = true;
      }
      pending = Buffer.concat([pending, chunk]);
      // A full chunk is sealed only once more follows: the last record must carry the last flag.
      while (pending.length > CHUNK) {
        this.push(seal(pending.subarray(0, CHUNK), false));
        pending = pending.subarray(CHUNK);
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      this.push(seal(pending, true));
      done();
    },
  });
}

/**
 * A stream that decrypts a file of encryptStream with `key`. It fails with a BackupKeyError when the
 * file was encrypted with another key (told by its header, before any record), and with an Error for
 * a file that is not one, truncated or altered.
 */
export function decryptStream(key: Buffer): Transform {
  let header: Buffer | undefined;
  let fileKey: Buffer | undefined;
  let counter = 0;
  let pending = Buffer.alloc(0);
  const open = (record: Buffer, last: boolean) => {
    if (!header || !fileKey) throw new Error("The backup has no header.");
    const decipher = createDecipheriv("aes-256-gcm", fileKey, nonce(counter, last));
    decipher.setAAD(header);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    counter += 1;
    try {
      return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new Error("The encrypted backup is damaged or truncated (a record fails its check).");
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        pending = Buffer.concat([pending, chunk]);
        if (!header) {
          if (pending.length < HEADER_BYTES) return done();
          header = pending.subarray(0, HEADER_BYTES);
          if (!header.subarray(0, MAGIC.length).equals(MAGIC))
            throw new Error("The file is not an encrypted utilaje backup.");
          const derived = derive(key, header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES));
          if (!timingSafeEqual(derived.check, header.subarray(MAGIC.length + SALT_BYTES)))
            throw new BackupKeyError(
              "The backup was encrypted with another key: BACKUP_ENCRYPTION_KEY is not the key it was made with.",
            );
          fileKey = derived.fileKey;
          pending = pending.subarray(HEADER_BYTES);
        }
        while (pending.length > RECORD) {
          this.push(open(pending.subarray(0, RECORD), false));
          pending = pending.subarray(RECORD);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        const prefix = pending.subarray(0, MAGIC.length);
        if (!header && !MAGIC.subarray(0, prefix.length).equals(prefix))
          throw new Error("The file is not an encrypted utilaje backup.");
        if (!header || pending.length < TAG_BYTES)
          throw new Error("The encrypted backup is truncated (it ends before its last record).");
        this.push(open(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
