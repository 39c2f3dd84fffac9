import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import path from "node:path";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { HttpError } from "../core/errors.ts";

/**
 * An uploaded spreadsheet (or ZIP) written to DATA_DIR/imports as it arrives, never held whole in
 * memory; past its limit it is cut with 413 and its limit's code, and its part removed.
 */

export interface UploadedFile {
  path: string;
  bytes: number;
  sha256: string;
  remove(): Promise<void>;
}

export interface UploadLimit {
  bytes: number;
  code: ErrorCode;
}

/** Where uploads and their working files are kept while an import runs. */
export const importsDirectory = (dataDir: string) => path.join(dataDir, "imports");

/**
 * Whatever an import left behind when its process died (an upload, a workbook's copy, a commit's
 * staged pictures): at start no import of this instance (its own DATA_DIR) is under way.
 */
export async function sweepImports(dataDir: string): Promise<void> {
  await rm(importsDirectory(dataDir), { recursive: true, force: true });
}

export async function saveUpload(
  body: ReadableStream<Uint8Array> | null,
  dataDir: string,
  extension: string,
  limit: UploadLimit,
): Promise<UploadedFile> {
  const directory = importsDirectory(dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, `${randomUUID()}.${extension}`);
  const remove = () => rm(file, { force: true });
  const output = createWriteStream(file, { mode: 0o600 });
  // A disk that fails (full, gone) fails this upload, never the server: the error always has a listener.
  let writeError: Error | undefined;
  output.on("error", (error) => {
    writeError = error;
  });
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    if (body) {
      for await (const chunk of body) {
        if (writeError) throw writeError;
        bytes += chunk.byteLength;
        if (bytes > limit.bytes) throw new HttpError(413, limit.code);
        hash.update(chunk);
        if (!output.write(chunk)) await once(output, "drain");
      }
    }
    output.end();
    await finished(output);
  } catch (error) {
    // Ended, not destroyed: a write still under way would otherwise fail as an unhandled error.
    output.end();
    await finished(output).catch(() => undefined);
    await remove();
    throw error;
  }
  return { path: file, bytes, sha256: hash.digest("hex"), remove };
}
