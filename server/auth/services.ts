import type { Kysely } from "kysely";
import type { Config } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../mail/sender.ts";
import type { AuthLimits } from "./rate-limits.ts";

/** What the sign-in, session and password code uses of the server's services (server/services.ts). */
export interface AuthServices {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  /** Wakes the outbox sender after a reset mail is queued. */
  mail: Mailer;
  rateLimits: AuthLimits;
}
