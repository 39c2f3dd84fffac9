import type { MiddlewareHandler } from "hono";

/**
 * A reply meant for one person, at an address holding their secret (an offer's personal link): no
 * cache may keep it, a shared one (a CDN, the page cache) included, and no search engine may index it
 * (the header covers the JSON and the PDF too, which carry no meta tag). Set before the handler runs,
 * so a refusal it throws carries them too, and again on the reply it returns.
 */
export const privateReply: MiddlewareHandler = async (c, next) => {
  const set = () => {
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
  };
  set();
  await next();
  set();
};
