import pino, { type Logger } from "pino";

export type { Logger };

/** JSON lines on stdout; secrets that may pass through request logs are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: ["password", "*.password", "*.newPassword", "*.oldPassword", "*.token", "*.refreshToken", "req.headers.authorization"],
  });
}
