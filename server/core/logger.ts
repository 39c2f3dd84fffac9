import pino, { type Logger } from "pino";

export type { Logger };

/**
 * The e-mailed reset link and the calendar feed's address carry their token in the path: whoever
 * reads the logs must not get it.
 */
const RESET_LINK = /^\/admin\/reset\/[^/?#]+/;
/** The feed's token segment, however the address ends (a client may drop `/rezervari.ics` or add `.ics`). */
const FEED_LINK = /^\/api\/bookings\/feed\/(?!renew(?:[/?#]|$))[^/?#]+/;

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
    serializers: {
      path: (value: unknown) =>
        typeof value === "string"
          ? value.replace(RESET_LINK, "/admin/reset/[redacted]").replace(FEED_LINK, "/api/bookings/feed/[redacted]")
          : value,
    },
  });
}
