import type { Representations } from "../http/representations.ts";

/** A rendered public page kept in memory in every coding, served as it is to the next reader. */
export type CachedPage = Representations;

/** What a page holds in memory: its bytes in every coding. */
function size(page: CachedPage): number {
  return page.identity.body.byteLength + (page.br?.body.byteLength ?? 0) + (page.gzip?.body.byteLength ?? 0);
}

/** Least-recently-used pages, bounded by count and by total bytes. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(maxEntries = 2000, maxBytes = 64 * 1024 * 1024) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
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
