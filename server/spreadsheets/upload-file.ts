import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { IMPORT_FILE_MAX_BYTES } from "../../common/catalogue/catalogue-import.ts";
import { HttpError } from "../core/errors.ts";

/**
 * An uploaded spreadsheet written to DATA_DIR/imports as it arrives, never held whole in memory;
 * past IMPORT_FILE_MAX_BYTES it is cut with 413 IMPORT_FILE_TOO_LARGE and its part removed.
 */

export interface UploadedFile {
  path: string;
  bytes: number;
  sha256: string;
  remove(): Promise<void>;
}

export async function saveUpload(
  body: ReadableStream<Uint8Array> | null,
  dataDir: string,
  extension: string,
): Promise<UploadedFile> {
  const directory = path.join(dataDir, "imports");
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
        if (bytes > IMPORT_FILE_MAX_BYTES) throw new HttpError(413, "IMPORT_FILE_TOO_LARGE");
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
