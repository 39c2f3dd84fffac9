import { describe, expect, it } from "vitest";
import { CatalogueVersionCache } from "../../server/catalogue/catalogue-version-cache.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("CatalogueVersionCache", () => {
  it("reads once per max age, sharing a read between concurrent callers", async () => {
    let clock = 0;
    let version = 1;
    let reads = 0;
    const cache = new CatalogueVersionCache(
      async () => (reads++, version),
      250,
      () => clock,
    );
    expect(await Promise.all([cache.current(), cache.current()])).toEqual([1, 1]);
    expect(reads).toBe(1);
    version = 2;
    clock = 249;
    expect(await cache.current()).toBe(1);
    clock = 250;
    expect(await cache.current()).toBe(2);
    expect(reads).toBe(2);
  });

  it("peeks at a fresh version without reading, and gives nothing once it is stale or invalidated", async () => {
    let clock = 0;
    const cache = new CatalogueVersionCache(
      async () => 7,
      250,
      () => clock,
    );
    expect(cache.peek()).toBeUndefined();
    await cache.current();
    expect(cache.peek()).toBe(7);
    clock = 250;
    expect(cache.peek()).toBeUndefined();
    await cache.current();
    cache.invalidate();
    expect(cache.peek()).toBeUndefined();
  });

  it("reads again at once after invalidate, and never keeps a read that began before it", async () => {
    const first = deferred<number>();
    const second = deferred<number>();
    let call = 0;
    const cache = new CatalogueVersionCache(
      () => (call++ === 0 ? first : second).promise,
      250,
      () => 0,
    );
    const stale = cache.current();
    cache.invalidate();
    const fresh = cache.current();
    first.resolve(1);
    second.resolve(2);
    expect(await stale).toBe(1);
    expect(await fresh).toBe(2);
    expect(await cache.current()).toBe(2);
    expect(call).toBe(2);
  });
});
