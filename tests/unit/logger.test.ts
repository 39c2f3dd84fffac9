import { expect, it } from "vitest";
import { createLogger } from "../../server/core/logger.ts";

/** The request log's lines for these paths, as a logger writes them to stdout. */
function logLines(paths: readonly string[]): string[] {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (
    lines.push(chunk.toString()),
    true
  )) as typeof process.stdout.write;
  try {
    const logger = createLogger("info");
    for (const path of paths) logger.info({ path }, "request");
    logger.flush();
  } finally {
    process.stdout.write = original;
  }
  return lines;
}

const pathOf = (line: string) => (JSON.parse(line) as { path: string }).path;

it("logs the e-mailed reset link's and the calendar feed's paths without their token, other paths as they are", () => {
  const lines = logLines([
    "/admin/reset/abcDEF123-secret_token",
    "/admin/reset",
    "/categorie/excavatoare",
    "/api/bookings/feed/feed_secret-token/rezervari.ics",
    "/api/bookings/feed/renew",
    "/api/bookings/feed/feed_secret-bare",
    "/api/bookings/feed/feed_secret-ics.ics?x=1",
  ]);
  expect(lines.map(pathOf)).toEqual([
    "/admin/reset/[redacted]",
    "/admin/reset",
    "/categorie/excavatoare",
    "/api/bookings/feed/[redacted]/rezervari.ics",
    "/api/bookings/feed/renew",
    "/api/bookings/feed/[redacted]",
    "/api/bookings/feed/[redacted]?x=1",
  ]);
  expect(lines.join("")).not.toContain("secret_token");
  expect(lines.join("")).not.toContain("feed_secret");
});

it("redacts a secret path by what it means, however it is spelled", () => {
  const spellings = [
    ["//api/bookings/feed/tok_a/rezervari.ics", "/api/bookings/feed/[redacted]/rezervari.ics"],
    ["/api//bookings/feed/tok_b/rezervari.ics", "/api/bookings/feed/[redacted]/rezervari.ics"],
    ["/api/bookings//feed/tok_c", "/api/bookings/feed/[redacted]"],
    ["/api/bookings/feed//tok_d", "/api/bookings/feed/[redacted]"],
    ["//admin/reset/tok_e", "/admin/reset/[redacted]"],
    ["/admin//reset/tok_f?lang=en", "/admin/reset/[redacted]?lang=en"],
    ["/API/Bookings/FEED/tok_g", "/API/Bookings/FEED/[redacted]"],
    ["/api/./bookings/x/../feed/tok_h", "/api/bookings/feed/[redacted]"],
    ["/api\\bookings\\feed\\tok_i", "/api/bookings/feed/[redacted]"],
    ["/api/%62ookings/feed%2Ftok_j", "/api/bookings/feed/[redacted]"],
    ["/admin/reset%252Ftok_k", "/admin/reset/[redacted]"],
    ["//api/bookings/feed/renew", "//api/bookings/feed/renew"],
    ["//home", "//home"],
  ] as const;
  const lines = logLines(spellings.map(([path]) => path));
  expect(lines.map(pathOf)).toEqual(spellings.map(([, logged]) => logged));
  expect(lines.join("")).not.toMatch(/tok_/);
});

it("logs an offer's personal link, its page, PDF and API, without its token", () => {
  const lines = logLines([
    "/oferta/offer_secret-token",
    "/oferta/offer_secret-token/pdf?lang=en",
    "/api/offer-links/offer_secret-token/accept",
    "//Oferta%2Foffer_secret-token",
  ]);
  expect(lines.map(pathOf)).toEqual([
    "/oferta/[redacted]",
    "/oferta/[redacted]/pdf?lang=en",
    "/api/offer-links/[redacted]/accept",
    "/Oferta/[redacted]",
  ]);
  expect(lines.join("")).not.toContain("offer_secret");
});
