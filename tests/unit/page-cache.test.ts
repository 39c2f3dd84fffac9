import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "../../server/pages/page-cache.ts";

const page = (size: number): CachedPage => ({
  status: 200,
  identity: { body: new Uint8Array(size), etag: `"${size}"`, headers: [], notModifiedHeaders: [] },
});

describe("PageCache", () => {
  it("evicts the least recently used page past the entry limit", () => {
    const cache = new PageCache(2);
    cache.set("a", page(1));
    cache.set("b", page(2));
    cache.get("a");
    cache.set("c", page(3));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.identity.etag).toBe('"1"');
    expect(cache.get("c")?.identity.etag).toBe('"3"');
  });

  it("keeps the total size under its byte limit, replacing a key without counting it twice", () => {
    const cache = new PageCache(100, 10);
    cache.set("a", page(4));
    cache.set("a", page(4));
    cache.set("b", page(4));
    expect(cache.get("a")).toBeDefined();
    cache.set("c", page(4));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });
});
