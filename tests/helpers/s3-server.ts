import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The part of s3rver (an S3-compatible server in Node, which ships no types) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

export interface S3Server {
  /** The endpoint, and the settings an instance needs for `bucket` (s3rver's own credentials). */
  endpoint: string;
  env(bucket: string): Record<string, string>;
  /** The objects' files, as s3rver keeps them in its directory. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server on 127.0.0.1 and an ephemeral port, with `buckets`, in a temporary directory. */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "utilaje-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: (bucket) => ({
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
      BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
