import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isCommonPassword } from "./password-policy.ts";
import { parseBackupKey } from "./backup-key.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string())
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Which peers may tell us the client's address in X-Forwarded-For: none (the TCP peer is the
 * client), the last `hops` proxies in front of us, or the proxies at these addresses.
 */
export type ProxyTrust =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; addresses: readonly string[] };

/**
 * TRUST_PROXY: unset or "false" trusts no proxy; a number is how many proxies stand in front of the
 * server; otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
const proxyTrust = z
  .string()
  .trim()
  .optional()
  .transform((value, context): ProxyTrust => {
    if (!value || value === "false" || value === "0") return { kind: "none" };
    if (/^\d+$/.test(value)) return { kind: "hops", hops: Number(value) };
    const addresses = value.split(",").map((entry) => entry.trim());
    for (const entry of addresses) {
      const [address, prefix, extra] = entry.split("/");
      const family = isIP(address);
      const bits = family === 6 ? 128 : 32;
      if (
        family === 0 ||
        extra !== undefined ||
        (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))
      ) {
        context.addIssue({
          code: "custom",
          message: `must be a hop count or a list of IP addresses or CIDR ranges ("${entry}" is neither)`,
        });
        return z.NEVER;
      }
    }
    return { kind: "addresses", addresses };
  });

/** BACKUP_AT: "HH:MM" (Romanian time) → minutes after midnight; "off" → no nightly backup. */
const timeOfDayOrOff = z
  .string()
  .trim()
  .regex(/^(off|([01]?\d|2[0-3]):[0-5]\d)$/, 'must be a time of the day ("03:30") or "off"')
  .transform((value) => {
    if (value === "off") return undefined;
    const [hours, minutes] = value.split(":").map(Number);
    return hours * 60 + minutes;
  });

/** Every setting the server reads; the README lists the same names and defaults. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset for SQLite)")
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
    JWT_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).default(3600),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    /** The absolute lifetime of a login session: refreshing never carries it past this many seconds. */
    SESSION_MAX_AGE: z.coerce
      .number()
      .int()
      .min(60)
      .default(30 * 24 * 3600),
    /** Per IP and RATE_LIMIT_WINDOW seconds: failed logins (LOGIN_), calls of /reset and of /change/verify (RESET_). */
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(900),
    ADMIN_USERNAME: z.string().trim().min(1).default("admin"),
    ADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(8, "must be at least 8 characters")
        .max(128)
        // The rule of every other password (server/auth/password-change.ts), here at start.
        .refine((password) => !isCommonPassword(password), "is in the list of common passwords: choose another one")
        .optional(),
    ),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default("admin@example.ro"),
    SEED_DEMO: booleanFlag.default(true),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().trim().default("utilaje <no-reply@localhost>"),
    /** Sent messages are deleted from the outbox table after this many days. */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    /**
     * How long a message being sent is this instance's alone; after it, another instance (or this one
     * restarted after a crash) may send it. Must be longer than a send can take, or two could send it.
     */
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(10).default(300),
    TRUST_PROXY: proxyTrust,
    /**
     * Seconds between SIGTERM (/readyz turns 503) and closing the listener: time for a balancer's
     * readiness probe to notice.
     */
    SHUTDOWN_DELAY: z.coerce.number().min(0).max(300).default(0),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Contact requests (leads) are deleted this many days after they arrive (the privacy policy says so). */
    LEADS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Entries of the activity log (decision 073) are deleted this many days after they are written. */
    ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Deleted machines stay this many days in the trash (decision 074), then housekeeping purges them. */
    TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Revisions kept per machine, category and the configuration (decision 078); older ones are pruned. */
    REVISION_LIMIT: z.coerce.number().int().min(1).max(1000).default(50),
    /** Revisions are pruned this many days after their save (decision 078). */
    REVISION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** When the nightly backup is due, in Romanian time (server/backups/, decision 084); "off" stops it. */
    BACKUP_AT: timeOfDayOrOff.prefault("03:30"),
    /** The nightly backups' folder (another disk is better); unset → DATA_DIR/backups/nightly. */
    BACKUP_DIR: optionalText,
    /** The rotation: the newest backup of each of so many days, weeks and months is kept. */
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(120).default(6),
    /** The off-site copy (decision 085): an S3-compatible bucket; unset → none. */
    BACKUP_S3_BUCKET: optionalText,
    BACKUP_S3_ENDPOINT: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
    BACKUP_S3_REGION: z.string().trim().min(1).default("us-east-1"),
    BACKUP_S3_ACCESS_KEY_ID: optionalText,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
    BACKUP_S3_PREFIX: z.string().trim().default("utilaje/"),
    /** The company's key for the off-site copies: 32 bytes as base64 or hex. */
    BACKUP_ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .transform((value, context) => {
          const key = parseBackupKey(value);
          if (!key) {
            context.addIssue({
              code: "custom",
              message: "must be 32 bytes in base64 (openssl rand -base64 32) or hex",
            });
            return z.NEVER;
          }
          return key;
        })
        .optional(),
    ),
    /** The alerts mailed to the administrators (decision 088): the free space in DATA_DIR below which the disk is one, in MB (0: never). */
    ALERT_DISK_FREE_MB: z.coerce.number().int().min(0).default(1024),
    /** Error log lines of one instance within one clock hour that are an alert (decision 088); 0: never. */
    ALERT_ERRORS_PER_HOUR: z.coerce.number().int().min(0).default(20),
    /** While an alert lasts it is mailed again after this many hours. */
    ALERT_REPEAT_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(6),
    /** GET /metrics answers Prometheus with this bearer token (decision 086); unset → no /metrics. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    /** Contact requests accepted per client address and RATE_LIMIT_WINDOW. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * Requests without the captcha's answer (the form posted without JavaScript) accepted per client
     * address, and from all addresses together, per RATE_LIMIT_WINDOW
     * (docs/decisions/014-contact-requests-one-answer-per-captcha-one.md).
     */
    CONTACT_NOSCRIPT_RATE_LIMIT: z.coerce.number().int().min(0).default(3),
    CONTACT_NOSCRIPT_SITE_LIMIT: z.coerce.number().int().min(0).default(30),
    /**
     * Page renders the page cache could not serve (a miss, a 404, `/contact?product=`, an admin
     * page), per client address and minute; then 429 until the minute ends (decision 054).
     */
    PAGE_RENDER_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /**
     * Seconds a spec sheet's drawing may take in its child process before the child is killed and
     * the sheet's request answers an error page (decision 067). A sheet takes 30–150 ms.
     */
    SPEC_SHEET_TIME_LIMIT: z.coerce.number().positive().max(60).default(2),
    /**
     * Seconds an import's reading of its file (the workbook or the CSVs, in a child process) may take
     * before the child is killed and the import answers IMPORT_FILE_TOO_HEAVY (decision 076). A
     * 5 000-row workbook reads in a few seconds.
     */
    IMPORT_READ_TIME_LIMIT: z.coerce.number().positive().max(600).default(60),
    /** The contact form's captcha: ALTCHA (self-hosted proof of work), Google reCAPTCHA v3 or Cloudflare Turnstile. */
    CAPTCHA_PROVIDER: z.enum(["altcha", "recaptcha", "turnstile"]).default("altcha"),
    /** ALTCHA's work: SHA-256 rounds per attempt, and the largest counter a browser may have to reach. */
    ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(20),
    ALTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(20_000),
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SECRET_KEY: optionalText,
    /** reCAPTCHA v3 scores from 0 (a robot) to 1 (a person); lower scores are refused. */
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    TURNSTILE_SITE_KEY: optionalText,
    TURNSTILE_SECRET_KEY: optionalText,
    /** Another address for the provider's verify endpoint (a proxy, or a fake in tests). */
    CAPTCHA_VERIFY_URL: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
  })
  .superRefine((settings, ctx) => {
    // A third-party captcha cannot work without both of its keys: say so at start, not at the first visitor.
    const needs = {
      recaptcha: ["RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET_KEY"],
      turnstile: ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"],
      altcha: [],
    } as const;
    // A copy that leaves the machine leaves it encrypted, or not at all.
    if (settings.BACKUP_S3_BUCKET && !settings.BACKUP_ENCRYPTION_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_ENCRYPTION_KEY"],
        message: "is required when BACKUP_S3_BUCKET is set",
      });
    for (const name of needs[settings.CAPTCHA_PROVIDER]) {
      if (!settings[name])
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when CAPTCHA_PROVIDER=${settings.CAPTCHA_PROVIDER}`,
        });
    }
  });

/**
 * The settings as the environment gives them: JWT_SECRET may be unset (then generated once and kept
 * in the database, server/process/start-server.ts).
 */
export type Settings = Omit<z.infer<typeof environmentSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

/** The settings once the database is open: the JWT secret is known. */
export type Config = Settings & { JWT_SECRET: string };

export class ConfigError extends Error {}

/** The server's address on this machine: `localhost` stands for a wildcard HOST. The one place of this rule. */
export function localUrl(host: string, port: number): string {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${shown}:${port}`;
}

/**
 * Reads and checks the environment once; throws naming every bad variable. It only reads: creating
 * the data directory and the generated secret is the start-up's (prepareDataDir in server/core/data-dir.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const settings = parsed.data;
  return {
    ...settings,
    DATA_DIR: path.resolve(settings.DATA_DIR),
    PUBLIC_URL: (settings.PUBLIC_URL ?? localUrl(settings.HOST, settings.PORT)).replace(/\/+$/, ""),
  };
}
