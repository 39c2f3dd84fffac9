/** A browser's local storage, optionally refusing writes (a full quota). */
export class MemoryStorage {
  readonly values = new Map<string, string>();
  refuse = false;
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refuse) throw new DOMException("quota", "QuotaExceededError");
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}
