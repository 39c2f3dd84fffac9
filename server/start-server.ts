import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { catalogueVersion, generatedSecret } from "./db/repositories/app-state.ts";
import { CatalogueVersionCache } from "./pages/catalogue-version-cache.ts";
import { createAuthRateLimits } from "./auth/rate-limiter.ts";
import { createCaptcha } from "./captcha/captcha.ts";
import { startContactHousekeeping } from "./contact/housekeeping.ts";
import { localUrl, type Config, type Settings } from "./config.ts";
import { prepareDataDir } from "./data-dir.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loadStaticFiles } from "./http/static-files.ts";
import { cachedPageListener } from "./pages/cached-page-listener.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createDelivery } from "./mail/delivery.ts";
import { createMailSender } from "./mail/sender.ts";
import { seedDemoCatalogue } from "./seed/demo-catalogue.ts";
import type { Services } from "./services.ts";
import type { PageHandler } from "./ssr.ts";
import { ensureAdmin, type AdminBootstrap } from "./users/bootstrap.ts";
import { readVersion } from "./version.ts";

export interface RunningServer {
  url: string;
  services: Services;
  admin: AdminBootstrap;
  seeded: boolean;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** A connect-style handler run before the app (Vite's dev middleware); it calls next() for what it does not serve. */
export type FrontMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface StartOptions {
  pages?: PageHandler;
  frontMiddleware?: FrontMiddleware;
  clientDir?: string;
  logger?: Logger;
}

/** Migrates, creates the admin and the demo catalogue when the database is new, then listens. */
export async function startServer(settings: Settings, options: StartOptions = {}): Promise<RunningServer> {
  prepareDataDir(settings);
  const logger = options.logger ?? createLogger(settings.LOG_LEVEL);
  const database = openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    const config: Config = {
      ...settings,
      JWT_SECRET: settings.JWT_SECRET ?? (await generatedSecret(database.db, randomBytes(48).toString("base64url"))),
    };
    const admin = await ensureAdmin(database.db, {
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
      email: config.ADMIN_EMAIL,
    });
    const seeded = config.SEED_DEMO ? await seedDemoCatalogue(database.db) : false;
    const mail = createMailSender({ db: database.db, delivery: createDelivery(config), logger, retentionDays: config.MAIL_RETENTION_DAYS });
    const services: Services = {
      config,
      db: database.db,
      dialect: database.dialect,
      logger,
      version: readVersion(process.cwd()),
      mail,
      authRateLimits: createAuthRateLimits(config),
      captcha: createCaptcha(config),
      catalogueVersion: new CatalogueVersionCache(() => catalogueVersion(database.db)),
    };
    const staticFiles = options.clientDir ? await loadStaticFiles(options.clientDir) : undefined;
    const app = createApp({ services, pages: options.pages, staticFiles });
    const cachedPage = options.pages?.cached ? cachedPageListener(options.pages.cached, services) : undefined;
    const server = await listen(app.fetch, config.HOST, config.PORT, options.frontMiddleware, cachedPage);
    mail.start();
    const housekeeping = startContactHousekeeping(database.db, logger);
    const { port } = server.address() as AddressInfo;
    const url = localUrl(config.HOST, port);
    // The default PUBLIC_URL (from HOST and PORT) learns the real port; one given in the environment is kept.
    if (config.PUBLIC_URL === localUrl(config.HOST, config.PORT)) config.PUBLIC_URL = url;
    return {
      url,
      services,
      admin,
      seeded,
      close: async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
          server.closeIdleConnections();
        });
        await housekeeping.stop();
        await mail.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  hostname: string,
  port: number,
  front?: FrontMiddleware,
  cachedPage?: (request: IncomingMessage, response: ServerResponse) => boolean,
): Promise<Server> {
  const app = getRequestListener(fetch);
  const listener = cachedPage ? (req: IncomingMessage, res: ServerResponse) => void (cachedPage(req, res) || app(req, res)) : app;
  const server = createServer(front ? (req, res) => front(req, res, () => void listener(req, res)) : listener);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(server));
  });
}
