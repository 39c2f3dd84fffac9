import { buffer } from "node:stream/consumers";
import { ZipFile } from "yazl";

/**
 * Files an attacker's read sent to the import, made here when a test runs (never stored): a ZIP of
 * header-less CSVs, and text that packs about as ordinary prose does (well under the import's
 * packing ratio), so that a large part passes the ratio and reaches what comes after it.
 */

/** A ZIP of the given entries, deflated. */
export async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** `characters` of words drawn from a small made-up vocabulary, the same on every run (a fixed seed). */
export function proseOf(characters: number): string {
  const syllables = ["ka", "lo", "mir", "te", "sun", "da", "rev", "po", "li", "nes", "tra", "bu", "ze", "fan", "ox"];
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const parts: string[] = [];
  let length = 0;
  while (length < characters) {
    let word = "";
    for (let count = 1 + (next() % 4); count > 0; count -= 1) word += syllables[next() % syllables.length];
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(" ").slice(0, characters);
}

/**
 * `characters` of text that packs about 6:1: fresh prose, each 16 KB of it said twice (deflate finds
 * the repeat), so a large part stays under the packing ratio and under the upload's 20 MB.
 */
export function packableText(characters: number): string {
  const fresh = proseOf(Math.ceil(characters / 2));
  const parts: string[] = [];
  for (let at = 0; at < fresh.length; at += 16_384) {
    const slice = fresh.slice(at, at + 16_384);
    parts.push(slice, slice);
  }
  return parts.join("").slice(0, characters);
}

/**
 * A ZIP of `files` CSVs without the export's headers, each of `rows` rows of `fields` fields of
 * `fieldChars` characters: the preview skips every one of them, yet they are read.
 */
export function headerlessCsvZip(files: number, rows: number, fields: number, fieldChars: number): Promise<Buffer> {
  const field = "x".repeat(fieldChars);
  const line = `${Array.from({ length: fields }, () => field).join(",")}\r\n`;
  const csv = line.repeat(rows);
  return zipOf(Object.fromEntries(Array.from({ length: files }, (_, index) => [`foaie-${index}.csv`, csv])));
}
