import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Pages that are rendered on every request, for wrk: the /contact page opened for each product of
 * the sitemap (`/contact?product=<id>`, the link of its "ask for an offer" button). Its loader reads
 * that query, so the page cache never keeps it (server/pages/page-key.ts): every request is a full
 * render (its queries, React, the CSP's hashes, compression). Every other page has one address
 * (decision 054) and is rendered once per catalogue version; bench/uncached-render.ts gets misses
 * of product and category pages from a catalogue larger than the cache instead.
 */
export async function uncachedPages(siteUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const products = [
    ...new Set(
      [...sitemap.matchAll(/<loc>[^<]*?(\/categorie\/[^<?]+\/utilaj\/[^<?]+)<\/loc>/g)].map((match) => match[1]),
    ),
  ];
  if (products.length === 0) throw new Error(`${siteUrl}/sitemap.xml lists no product page`);
  const pages: string[] = [];
  for (const product of products) {
    const html = await (await fetch(`${siteUrl}${product}`)).text();
    const offer = /href="(\/contact\?product=[^"]+)"/.exec(html)?.[1];
    if (!offer) throw new Error(`${product} links to no offer request`);
    const reply = await fetch(`${siteUrl}${offer}`);
    await reply.arrayBuffer();
    if (reply.status !== 200 || reply.headers.has("ETag"))
      throw new Error(
        `${offer} answered ${reply.status}${reply.headers.has("ETag") ? " from the page cache" : ""}, not a rendered page`,
      );
    pages.push(offer);
  }
  return pages;
}

/** A wrk script (`-s`) that asks for `pages` in turn, each with `headers`; written into `dir`. */
export function rotatingRequestsScript(dir: string, pages: readonly string[], headers: Record<string, string>): string {
  const file = path.join(dir, "rotating-requests.lua");
  const luaString = (text: string) => {
    if (!/^[\x20-\x7e]*$/.test(text) || /["\\]/.test(text))
      throw new Error(`not a plain ASCII string for wrk's script: ${text}`);
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
