/**
 * The catalogue version as the page cache needs it on every request, without a database read each
 * time: a value read at most every `maxAgeMs`, with concurrent callers sharing one read. A write made
 * through this instance calls invalidate(), so its own pages change at once; other instances sharing
 * the database notice within `maxAgeMs`.
 */
export class CatalogueVersionCache {
  private value: number | undefined;
  private readAt = 0;
  private reading: Promise<number> | undefined;
  /** Bumped by invalidate(): a read that began before a write must not be kept. */
  private generation = 0;
  private readonly read: () => Promise<number>;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(read: () => Promise<number>, maxAgeMs = 250, now: () => number = Date.now) {
    this.read = read;
    this.maxAgeMs = maxAgeMs;
    this.now = now;
  }

  current(): Promise<number> {
    if (this.value !== undefined && this.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.value);
    this.reading ??= this.refresh();
    return this.reading;
  }

  /** The version when it is known and fresh, without reading; undefined when current() must read. */
  peek(): number | undefined {
    return this.value !== undefined && this.now() - this.readAt < this.maxAgeMs ? this.value : undefined;
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
    this.reading = undefined;
  }

  private async refresh(): Promise<number> {
    const generation = this.generation;
    const startedAt = this.now();
    const value = await this.read().finally(() => {
      if (this.generation === generation) this.reading = undefined;
    });
    if (this.generation === generation) {
      this.value = value;
      this.readAt = startedAt;
    }
    return value;
  }
}
