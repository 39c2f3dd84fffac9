import type { Kysely } from "kysely";
import type { CatalogueVersionCache } from "../catalogue/catalogue-version-cache.ts";
import type { Captcha } from "../captcha/captcha.ts";
import type { Config } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import type { Dialect } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../mail/sender.ts";
import type { LeadLimits } from "./rate-limits.ts";

/** What the contact requests' code uses of the server's services (server/services.ts). */
export interface LeadServices {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  logger: Logger;
  /** Wakes the outbox sender after a request's mail is queued. */
  mail: Mailer;
  /** The contact form's captcha (CAPTCHA_PROVIDER). */
  captcha: Captcha;
  rateLimits: LeadLimits;
  /** Keys the configuration the demand overview reads (the site's currency), once per version. */
  catalogueVersion: CatalogueVersionCache;
}
