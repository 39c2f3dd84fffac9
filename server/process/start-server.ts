import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp, createRateLimits } from "../app.ts";
import { catalogueVersion, generatedSecret } from "../db/repositories/app-state.ts";
import { CatalogueVersionCache } from "../catalogue/catalogue-version-cache.ts";
import { createCaptcha } from "../captcha/captcha.ts";
import { startLeadHousekeeping } from "../leads/housekeeping.ts";
import { startActivityHousekeeping } from "../activity/housekeeping.ts";
import { startTrashHousekeeping } from "../trash/housekeeping.ts";
import { startRevisionHousekeeping } from "../revisions/housekeeping.ts";
import { startOfferHousekeeping } from "../offers/offer-expiry.ts";
import { localUrl, type Config, type Settings } from "../core/config.ts";
import { prepareDataDir } from "../core/data-dir.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadStaticFiles } from "../http/static-files.ts";
import { createAfterReply } from "../core/after-reply.ts";
import { cachedPageListener } from "../pages/cached-page-listener.ts";
import { createLogger, type Logger } from "../core/logger.ts";
import { countedLogger } from "../core/counted-logger.ts";
import { hourlyCounts } from "../core/hourly-counts.ts";
import { countedLimits } from "../http/rate-limiter.ts";
import { createDelivery } from "../mail/delivery.ts";
import { createMailSender } from "../mail/sender.ts";
import { seedDemoCatalogue } from "../seed/demo-catalogue.ts";
import { createCatalogueSearch } from "../search/search-service.ts";
import { specSheetWork } from "../spec-sheet/make-sheet.ts";
import { importReadingWork } from "../spreadsheets/import-reading.ts";
import { workPools, type Services } from "../services.ts";
import type { PageHandler } from "../pages/ssr.ts";
import { ensureAdmin, type AdminBootstrap } from "../users/bootstrap.ts";
import { readVersion, versionLabel } from "../core/version.ts";
import { sweepImports } from "../spreadsheets/upload-file.ts";
import { backupWork, startNightlyBackup } from "../backups/backup-work.ts";
import { createMetrics, type Metrics } from "../monitoring/metrics.ts";
import { startAlerts } from "../monitoring/alerts.ts";
import { startHeartbeat } from "../monitoring/heartbeat.ts";
import { instanceId } from "../core/instance.ts";

export interface RunningServer {
  url: string;
  services: Services;
  admin: AdminBootstrap;
  seeded: boolean;
  /**
   * Drains, then stops: /readyz answers 503 and every reply closes its connection; after `delayMs`
   * (time for a load balancer that probes /readyz to stop sending) no new connection is accepted,
   * in-flight requests and the outbox's send in progress finish, the database closes. Kept-alive
   * connections that are idle are closed at once, unless `lingerIdle`: then a request arriving on
   * one is still answered (with `Connection: close`) and they end when the client closes them or
   * their keep-alive timeout passes; a proxy such as nginx may be sending on one at that very moment,
   * and a POST it had sent on a connection closed under it would fail instead of going elsewhere.
   */
  close(options?: { delayMs?: number; lingerIdle?: boolean }): Promise<void>;
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
  const counts = { errors: hourlyCounts(), rateLimitHits: hourlyCounts() };
  const logger = countedLogger(options.logger ?? createLogger(settings.LOG_LEVEL), counts.errors);
  const database = openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    // An import cut short by the process's end left its files: no import of this instance runs yet.
    await sweepImports(settings.DATA_DIR);
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
    const mail = createMailSender({
      db: database.db,
      dialect: database.dialect,
      delivery: createDelivery(config),
      logger,
      retentionDays: config.MAIL_RETENTION_DAYS,
      leaseMs: config.MAIL_LEASE_SECONDS * 1000,
    });
    const lifecycle = { draining: false };
    const rateLimits = countedLimits(createRateLimits(config), counts.rateLimitHits);
    const versionCache = new CatalogueVersionCache(() => catalogueVersion(database.db));
    const services: Services = {
      config,
      lifecycle,
      afterReply: createAfterReply(logger),
      db: database.db,
      dialect: database.dialect,
      logger,
      version: readVersion(process.cwd()),
      mail,
      rateLimits,
      captcha: createCaptcha(config),
      catalogueVersion: versionCache,
      search: createCatalogueSearch({ db: database.db, logger, catalogueVersion: versionCache, rateLimits }),
      work: { specSheets: specSheetWork(config), imports: importReadingWork(config), backups: backupWork() },
      counts,
    };
    const staticFiles = options.clientDir ? await loadStaticFiles(options.clientDir) : undefined;
    const metrics = config.METRICS_TOKEN
      ? createMetrics(config.METRICS_TOKEN, {
          db: database.db,
          pools: workPools(services.work),
          counts,
          pages: options.pages?.stats,
        })
      : undefined;
    const app = createApp({ services, pages: options.pages, staticFiles, metrics });
    const { cached, rendersOnMiss } = options.pages ?? {};
    const cachedPage = cached && rendersOnMiss ? cachedPageListener({ cached, rendersOnMiss }, services) : undefined;
    const { server, drain, stopListening } = await listen(
      app.fetch,
      config.HOST,
      config.PORT,
      lifecycle,
      options.frontMiddleware,
      cachedPage,
      metrics,
    );
    mail.start();
    const housekeeping = startLeadHousekeeping(services);
    const activityHousekeeping = startActivityHousekeeping(services);
    const trashHousekeeping = startTrashHousekeeping(services);
    const revisionHousekeeping = startRevisionHousekeeping(services);
    const offerHousekeeping = startOfferHousekeeping(services);
    const backups = startNightlyBackup(config, database.db, logger, services.work.backups);
    const alerts = startAlerts({
      db: database.db,
      dataDir: config.DATA_DIR,
      backupsOn: config.BACKUP_AT !== undefined,
      diskFreeMb: config.ALERT_DISK_FREE_MB,
      repeatMs: config.ALERT_REPEAT_HOURS * 3_600_000,
      siteUrl: () => config.PUBLIC_URL,
      pools: workPools(services.work),
      errors: counts.errors,
      errorsPerHour: config.ALERT_ERRORS_PER_HOUR,
      logger,
      queued: () => mail.wake(),
    });
    const heartbeat = startHeartbeat({
      db: database.db,
      id: instanceId(),
      version: versionLabel(services.version),
      startedAt: new Date(Date.now() - process.uptime() * 1000),
      logger,
    });
    const { port } = server.address() as AddressInfo;
    const url = localUrl(config.HOST, port);
    // The default PUBLIC_URL (from HOST and PORT) learns the real port; one given in the environment is kept.
    if (config.PUBLIC_URL === localUrl(config.HOST, config.PORT)) config.PUBLIC_URL = url;
    return {
      url,
      services,
      admin,
      seeded,
      close: async ({ delayMs = 0, lingerIdle = false } = {}) => {
        drain();
        // The outbox stops taking messages now (the one being sent finishes; the rest are given
        // back), so that the other instances send them while this one drains its connections.
        const mailStopped = mail.stop();
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        await stopListening(lingerIdle);
        await housekeeping.stop();
        await activityHousekeeping.stop();
        await trashHousekeeping.stop();
        await revisionHousekeeping.stop();
        await offerHousekeeping.stop();
        await backups?.stop();
        await alerts.stop();
        await heartbeat.stop();
        services.work.backups.close();
        await services.afterReply.settled();
        await services.search.settled();
        await mailStopped;
        services.work.specSheets.close();
        services.work.imports.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The HTTP server. `drain()` starts the drain: from then on every reply, including those of
 * requests already in flight, says `Connection: close`, so keep-alive clients (nginx's upstream
 * pool) open their next connection elsewhere instead of sending it to a process about to stop.
 * `stopListening()` refuses new connections and resolves once every connection has ended and every
 * request's handler has returned: a client that went away does not stop its handler, whose queries
 * must still find the database open.
 */
async function listen(
  fetch: Parameters<typeof getRequestListener>[0],
  hostname: string,
  port: number,
  lifecycle: { draining: boolean },
  front?: FrontMiddleware,
  cachedPage?: (request: IncomingMessage, response: ServerResponse) => boolean,
  metrics?: Pick<Metrics, "observe">,
): Promise<{ server: Server; drain(): void; stopListening(lingerIdle: boolean): Promise<void> }> {
  const handling = new Set<Promise<unknown>>();
  const app = getRequestListener((request, env) => {
    const handled = Promise.resolve(fetch(request, env));
    const settled: Promise<unknown> = handled.then(
      () => handling.delete(settled),
      () => handling.delete(settled),
    );
    handling.add(settled);
    return handled;
  });
  const listener = cachedPage
    ? (req: IncomingMessage, res: ServerResponse) => void (cachedPage(req, res) || app(req, res))
    : app;
  const inFlight = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if (metrics) {
      // Every reply, the page cache's short path included, counted when its last byte is handed over.
      const started = performance.now();
      response.once("finish", () =>
        metrics.observe(request.url?.split("?")[0] ?? "/", response.statusCode, (performance.now() - started) / 1000),
      );
    }
    if (lifecycle.draining) {
      response.setHeader("Connection", "close");
    } else {
      inFlight.add(response);
      response.once("close", () => inFlight.delete(response));
    }
    if (front) front(request, response, () => void listener(request, response));
    else void listener(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  return {
    server,
    drain() {
      lifecycle.draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("Connection", "close");
      inFlight.clear();
    },
    stopListening: async (lingerIdle) => {
      await new Promise<void>((resolve) => {
        if (!lingerIdle) {
          // http's close() also closes idle kept-alive connections; busy ones end after their reply.
          server.close(() => resolve());
          return;
        }
        // net's own close() only stops accepting: idle connections stay open until their client
        // closes them or http's keep-alive timeout ends them, as on any other idle period.
        NetServer.prototype.close.call(server, () => resolve());
      });
      while (handling.size > 0) await Promise.all(handling);
    },
  };
}
