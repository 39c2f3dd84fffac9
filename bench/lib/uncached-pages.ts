import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Product pages that are rendered on every request, for wrk: each product of the sitemap with the
 * first letter of its model escaped (`/categorie/x/utilaj/%63at-432`). React Router answers that
 * address with the product's page, and the page cache keeps only addresses spelled as links write
 * them (server/pages/page-key.ts), so every request is a full render (its queries, React, the CSP's
 * hashes, brotli on the way out), the 37 KB page of a real visit.
 */
export async function uncachedProductPages(siteUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const products = [...sitemap.matchAll(/<loc>[^<]*?(\/categorie\/[^<?]+\/utilaj\/[^<?]+)<\/loc>/g)].map((match) => match[1]);
  if (products.length === 0) throw new Error(`${siteUrl}/sitemap.xml lists no product page`);
  const pages = [...new Set(products)].map((page) => page.replace(/\/utilaj\/(.)/, (_, first: string) => `/utilaj/%${first.charCodeAt(0).toString(16).toUpperCase()}`));
  for (const page of pages) {
    const reply = await fetch(`${siteUrl}${page}`);
    await reply.arrayBuffer();
    if (reply.status !== 200 || reply.headers.has("ETag")) throw new Error(`${page} answered ${reply.status}${reply.headers.has("ETag") ? " from the page cache" : ""}, not a rendered page`);
  }
  return pages;
}

/** A wrk script (`-s`) that asks for `pages` in turn, each with `headers`; written into `dir`. */
export function rotatingRequestsScript(dir: string, pages: readonly string[], headers: Record<string, string>): string {
  const file = path.join(dir, "rotating-requests.lua");
  const luaString = (text: string) => {
    if (!/^[\x20-\x7e]*$/.test(text) || /["\\]/.test(text)) throw new Error(`not a plain ASCII string for wrk's script: ${text}`);
    return `"${text}"`;
  };
  const headerTable = Object.entries(headers)
    .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
    .join(", ");
  writeFileSync(
    file,
    [
      `local pages = { ${pages.map(luaString).join(", ")} }`,
      `local headers = { ${headerTable} }`,
      "local next = 0",
      "request = function()",
      "  next = next % #pages + 1",
      '  return wrk.format("GET", pages[next], headers)',
      "end",
      "",
    ].join("\n"),
  );
  return file;
}
