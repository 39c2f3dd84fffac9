import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "../../server/pages/page-cache.ts";

const page = (size: number): CachedPage => ({
  status: 200,
  identity: { body: new Uint8Array(size), etag: `"${size}"`, headers: [], notModifiedHeaders: [] },
});

describe("PageCache", () => {
  it("evicts the least recently used page past the entry limit", () => {
    const cache = new PageCache(2);
    cache.set(1, "a", page(1));
    cache.set(1, "b", page(2));
    cache.get(1, "a");
    cache.set(1, "c", page(3));
    expect(cache.get(1, "b")).toBeUndefined();
    expect(cache.get(1, "a")?.identity.etag).toBe('"1"');
    expect(cache.get(1, "c")?.identity.etag).toBe('"3"');
  });

  it("keeps the total size under its byte limit, replacing a key without counting it twice", () => {
    const cache = new PageCache(100, 10);
    cache.set(1, "a", page(4));
    cache.set(1, "a", page(4));
    cache.set(1, "b", page(4));
    expect(cache.get(1, "a")).toBeDefined();
    cache.set(1, "c", page(4));
    expect(cache.get(1, "b")).toBeUndefined();
    expect(cache.get(1, "a")).toBeDefined();
    expect(cache.get(1, "c")).toBeDefined();
  });

  it("drops the pages of older catalogue versions once a page of a newer one is kept", () => {
    const cache = new PageCache();
    cache.set(1, "home", page(1));
    cache.set(1, "contact", page(2));
    expect(cache.get(2, "home")).toBeUndefined();
    cache.set(2, "home", page(3));
    expect(cache.get(2, "home")?.identity.etag).toBe('"3"');
    expect(cache.get(1, "contact")).toBeUndefined();
    expect(cache.get(2, "contact")).toBeUndefined();
  });

  it("does not keep a page rendered for a version older than the one it holds", () => {
    const cache = new PageCache();
    cache.set(2, "home", page(1));
    cache.set(1, "contact", page(2));
    expect(cache.get(1, "contact")).toBeUndefined();
    expect(cache.get(2, "home")?.identity.etag).toBe('"1"');
  });

  it("frees the byte limit of the pages it drops: new pages evict nothing", () => {
    const cache = new PageCache(100, 10);
    cache.set(1, "a", page(8));
    cache.set(2, "b", page(4));
    cache.set(2, "c", page(4));
    expect(cache.get(2, "b")).toBeDefined();
    expect(cache.get(2, "c")).toBeDefined();
  });
});
