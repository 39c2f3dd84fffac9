/**
 * When to warn that the session is about to expire (spec §4, §9): 5 minutes before the access
 * token's expiry, once per token. A renewed token arms the timer again; a cleared session disarms it.
 */

export const EXPIRY_WARNING_MS = 5 * 60 * 1000;

export interface TimerHost {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserHost: TimerHost = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** setTimeout's delay is a signed 32-bit number: longer waits are taken in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export class SessionExpiryTimer {
  private handle: unknown;
  private warnedFor: number | undefined;
  private readonly onWarn: () => void;
  private readonly host: TimerHost;

  constructor(onWarn: () => void, host: TimerHost = browserHost) {
    this.onWarn = onWarn;
    this.host = host;
  }

  /** Watches a token that expires at `expiresAt` (epoch ms); null stops watching. */
  watch(expiresAt: number | null): void {
    this.stop();
    if (expiresAt === null || this.warnedFor === expiresAt) return;
    const wait = expiresAt - EXPIRY_WARNING_MS - this.host.now();
    if (wait <= 0) {
      this.warn(expiresAt);
      return;
    }
    this.handle = this.host.setTimeout(() => this.watch(expiresAt), Math.min(wait, MAX_DELAY_MS));
  }

  /**
   * An admin request is about to be made (spec §4 opens the dialog on such a request): warns now
   * when the token is already within the window and was not warned of, e.g. after a laptop slept.
   */
  check(expiresAt: number | null): void {
    if (expiresAt !== null && this.warnedFor !== expiresAt && expiresAt - EXPIRY_WARNING_MS <= this.host.now())
      this.watch(expiresAt);
  }

  stop(): void {
    if (this.handle !== undefined) this.host.clearTimeout(this.handle);
    this.handle = undefined;
  }

  private warn(expiresAt: number): void {
    this.warnedFor = expiresAt;
    this.onWarn();
  }
}
