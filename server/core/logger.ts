import pino, { type Logger } from "pino";
import { loggedPath } from "./log-paths.ts";

export type { Logger };

/** JSON lines on stdout; secrets that may pass through request logs are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: [
      "password",
      "*.password",
      "*.newPassword",
      "*.oldPassword",
      "*.token",
      "*.refreshToken",
      "req.headers.authorization",
    ],
    // The e-mailed reset link and the calendar feed's address carry their token in the path: whoever
    // reads the logs must not get it, however the path was written (./log-paths.ts).
    serializers: { path: (value: unknown) => (typeof value === "string" ? loggedPath(value) : value) },
  });
}
