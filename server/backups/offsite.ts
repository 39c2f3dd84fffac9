import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Settings } from "../core/config.ts";
import { backupInstant } from "./backup-files.ts";
import { decryptStream, encryptStream } from "./encryption.ts";
import type { OffsiteCopy } from "./nightly-backup.ts";
import { backupsToKeep, type RotationPolicy } from "./rotation.ts";

/** Where the off-site copies go: a bucket of any S3-compatible store, and the company's key. */
export interface BucketSettings {
  bucket: string;
  /** Another provider's (or a company's own MinIO's) address; unset → Amazon S3. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The objects' names start with this ("utilaje/"). */
  prefix: string;
  key: Buffer;
}

/** An encrypted copy's name in the bucket: the backup's own name, then `.enc`. */
const SUFFIX = ".enc";

export interface Bucket extends OffsiteCopy {
  /** The backups in the bucket (their file names, without the suffix), newest first. */
  list(): Promise<{ name: string; at: Date }[]>;
  /** Downloads and decrypts the backup `name` into `file` (created new); a wrong key or a damaged copy throws. */
  download(name: string, file: string): Promise<void>;
}

export function openBucket(settings: BucketSettings): Bucket {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // A company's own store (MinIO, a NAS) answers at one address for every bucket.
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    maxAttempts: 3,
    // A bucket that does not answer is reported within a minute, not waited for all night.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
  });
  const objectName = (name: string) => `${settings.prefix}${name}${SUFFIX}`;

  async function list(): Promise<{ name: string; at: Date }[]> {
    const found: { name: string; at: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        // One level under the prefix: another environment's copies under a longer prefix
        // (`utilaje/staging/`, `utilaje-staging/`) are never listed, rotated or restored.
        new ListObjectsV2Command({
          Bucket: settings.bucket,
          Prefix: settings.prefix,
          Delimiter: "/",
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(settings.prefix.length);
        if (!name?.endsWith(SUFFIX) || name.includes("/")) continue;
        const file = name.slice(0, -SUFFIX.length);
        const at = backupInstant(file);
        if (at) found.push({ name: file, at });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => b.at.getTime() - a.at.getTime());
  }

  return {
    list,
    async upload(file) {
      // A read error (the file removed by hand, EACCES) fails the upload, never the process.
      const source = createReadStream(file);
      const body = encryptStream(settings.key);
      source.on("error", (error) => body.destroy(error));
      try {
        await new Upload({
          client,
          params: { Bucket: settings.bucket, Key: objectName(path.basename(file)), Body: source.pipe(body) },
          queueSize: 1,
        }).done();
      } finally {
        source.destroy();
        body.destroy();
      }
    },
    async rotate(policy: RotationPolicy) {
      const backups = await list();
      const keep = backupsToKeep(backups, policy);
      for (const backup of backups) {
        if (!keep.has(backup))
          await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectName(backup.name) }));
      }
    },
    async download(name, file) {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectName(name) }));
      if (!object.Body) throw new Error(`The bucket's ${name} has no content.`);
      await pipeline(
        object.Body as Readable,
        decryptStream(settings.key),
        createWriteStream(file, { flags: "wx", mode: 0o600 }),
      );
    },
  };
}

/** The bucket the settings name (undefined without BACKUP_S3_BUCKET; the key is then required by the config). */
export function bucketFromSettings(settings: Settings): Bucket | undefined {
  if (!settings.BACKUP_S3_BUCKET || !settings.BACKUP_ENCRYPTION_KEY) return undefined;
  return openBucket({
    bucket: settings.BACKUP_S3_BUCKET,
    endpoint: settings.BACKUP_S3_ENDPOINT,
    region: settings.BACKUP_S3_REGION,
    accessKeyId: settings.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: settings.BACKUP_S3_SECRET_ACCESS_KEY,
    prefix: settings.BACKUP_S3_PREFIX,
    key: settings.BACKUP_ENCRYPTION_KEY,
  });
}
