import type { Representations } from "../http/representations.ts";

/** A rendered public page kept in memory in every coding, served as it is to the next reader. */
export type CachedPage = Representations;

/** What a page holds in memory: its bytes in every coding. */
function size(page: CachedPage): number {
  return page.identity.body.byteLength + (page.br?.body.byteLength ?? 0) + (page.gzip?.body.byteLength ?? 0);
}

/**
 * The pages of the newest catalogue version seen, least recently used first, bounded by count and
 * by total bytes. A page rendered for an older version is never served again (versions only grow),
 * so the first page of a newer version drops them all at once, and a page rendered for an older
 * version than the one held (a render that began before a write) is not kept: under frequent admin
 * writes the cache held its byte limit of dead pages (decision 34).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private version = -1;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(maxEntries = 2000, maxBytes = 64 * 1024 * 1024) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get(version: number, key: string): CachedPage | undefined {
    if (version !== this.version) return undefined;
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(version: number, key: string, page: CachedPage): void {
    if (version < this.version) return;
    if (version > this.version) {
      this.pages.clear();
      this.bytes = 0;
      this.version = version;
    }
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += size(page);
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.bytes -= size(page);
    this.pages.delete(key);
  }
}
