import type { Kysely } from "kysely";
import type { VersionView } from "../common/catalogue.ts";
import type { AfterReply } from "./core/after-reply.ts";
import type { RateLimits } from "./http/rate-limits.ts";
import type { Captcha } from "./captcha/captcha.ts";
import type { Config } from "./core/config.ts";
import type { Dialect } from "./db/database.ts";
import type { Database } from "./db/schema.ts";
import type { Logger } from "./core/logger.ts";
import type { Mailer } from "./mail/sender.ts";
import type { CatalogueVersionCache } from "./catalogue/version-cache.ts";

/** What every request handler and page loader may use; created once per server. */
export interface Services {
  config: Config;
  /** `draining` is true from the moment the process starts to stop (SIGTERM): /readyz then answers 503. */
  lifecycle: { readonly draining: boolean };
  /** Work started by a request that its reply does not wait for (a password reset's lookup and mail). */
  afterReply: AfterReply;
  db: Kysely<Database>;
  dialect: Dialect;
  logger: Logger;
  version: VersionView;
  /** Wakes the outbox sender after a message is queued. */
  mail: Mailer;
  rateLimits: RateLimits;
  /** The contact form's captcha (CAPTCHA_PROVIDER). */
  captcha: Captcha;
  /** The catalogue version that keys cached pages; server/catalogue/change.ts drops it after each catalogue write. */
  catalogueVersion: CatalogueVersionCache;
}
