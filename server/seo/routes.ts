import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { CatalogueVersionCache } from "../catalogue/catalogue-version-cache.ts";
import type { Config } from "../core/config.ts";
import type { Database } from "../db/schema.ts";
import { representations, serveRepresentations, type Representations } from "../http/representations.ts";
import { robotsTxt, sitemapPages, sitemapXml } from "./crawler-files.ts";

/** What the crawler files read of the server's services. */
interface CrawlerEnv {
  Variables: { services: { config: Config; db: Kysely<Database>; catalogueVersion: CatalogueVersionCache } };
}

/**
 * /robots.txt and /sitemap.xml, each built from the database once per catalogue version (the
 * counter every catalogue write bumps) and kept compressed, like a cached page.
 */
export function crawlerRoutes(): Hono<CrawlerEnv> {
  const kept = new Map<string, { version: number; reply: Representations }>();
  const cachedReply = async (
    name: string,
    version: number,
    contentType: string,
    build: () => Promise<string> | string,
  ) => {
    const hit = kept.get(name);
    if (hit?.version === version) return hit.reply;
    const headers = new Headers({ "Content-Type": contentType, "Cache-Control": "public, max-age=0, must-revalidate" });
    const reply = await representations({ headers, body: new TextEncoder().encode(await build()), effort: "fast" });
    kept.set(name, { version, reply });
    return reply;
  };

  return new Hono<CrawlerEnv>()
    .get("/robots.txt", async (c) => {
      const { config, catalogueVersion } = c.var.services;
      const reply = await cachedReply("robots", await catalogueVersion.current(), "text/plain; charset=utf-8", () =>
        robotsTxt(config.PUBLIC_URL),
      );
      return serveRepresentations(c.req.raw, reply);
    })
    .get("/sitemap.xml", async (c) => {
      const { config, db, catalogueVersion } = c.var.services;
      const reply = await cachedReply(
        "sitemap",
        await catalogueVersion.current(),
        "application/xml; charset=utf-8",
        async () => sitemapXml(config.PUBLIC_URL, await sitemapPages(db)),
      );
      return serveRepresentations(c.req.raw, reply);
    });
}
