import type { Representations } from "../http/representations.ts";

/** A rendered public page kept in memory in every coding, served as it is to the next reader. */
export type CachedPage = Representations;

/**
 * What a page holds in memory: the buffers behind its bytes in every coding. A compressed coding can
 * be a view of a larger buffer (zlib's output chunk), which it keeps whole: about 9 KB more per page
 * than its bytes.
 */
function size(page: CachedPage): number {
  return [page.identity, page.br, page.gzip].reduce(
    (total, variant) => total + (variant?.body.buffer.byteLength ?? 0),
    0,
  );
}

/**
 * The pages of the newest catalogue version seen, least recently used first, bounded by count and
 * by total bytes. A page rendered for an older version is never served again (versions only grow),
 * so the first page of a newer version drops them all at once, and a page rendered for an older
 * version than the one held (a render that began before a write) is not kept: under frequent admin
 * writes the cache held its byte limit of dead pages (decision 34).
 *
 * Its worst case is what an instance must have room for (docs/operations.md § Memory, decision 50):
 * 16 MB of page buffers (a product page in its three codings holds about 60 KB: some 270 of them, a
 * small company's whole site in both languages) in at most 1000 entries, whose headers, ETags and
 * keys add about 5 KB of heap each: 21 MB in all. It was 64 MB of bytes and 2000 entries, a quarter
 * of an instance's budget under load.
 */
export class PageCache {
  /** Each page with the bytes it was counted for (a page gains a coding after it is kept: set again). */
  private readonly pages = new Map<string, { page: CachedPage; bytes: number }>();
  private version = -1;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(maxEntries = 1000, maxBytes = 16 * 1024 * 1024) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get(version: number, key: string): CachedPage | undefined {
    if (version !== this.version) return undefined;
    const entry = this.pages.get(key);
    if (entry) {
      this.pages.delete(key);
      this.pages.set(key, entry);
    }
    return entry?.page;
  }

  set(version: number, key: string, page: CachedPage): void {
    if (version < this.version) return;
    if (version > this.version) {
      this.pages.clear();
      this.bytes = 0;
      this.version = version;
    }
    this.delete(key);
    const bytes = size(page);
    this.pages.set(key, { page, bytes });
    this.bytes += bytes;
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.pages.delete(key);
  }
}
