import { buffer } from "node:stream/consumers";
import { fromBufferPromise, type Entry } from "yauzl";

/** Every file of a ZIP by its path, read with yauzl (a reader of its own, not the writer's). */
export async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on("error", reject);
    file.on("end", () => resolve());
    file.on("entry", (entry: Entry) => {
      file
        .openReadStreamPromise(entry)
        .then(buffer)
        .then((content) => {
          entries.set(entry.fileName, content);
          file.readEntry();
        }, reject);
    });
    file.readEntry();
  });
  return entries;
}
