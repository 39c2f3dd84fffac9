import { expect, it } from "vitest";
import { createLogger } from "../../server/core/logger.ts";

it("logs the e-mailed reset link's and the calendar feed's paths without their token, other paths as they are", () => {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (
    lines.push(chunk.toString()),
    true
  )) as typeof process.stdout.write;
  try {
    const logger = createLogger("info");
    logger.info({ path: "/admin/reset/abcDEF123-secret_token" }, "request");
    logger.info({ path: "/admin/reset" }, "request");
    logger.info({ path: "/categorie/excavatoare" }, "request");
    logger.info({ path: "/api/bookings/feed/feed_secret-token/rezervari.ics" }, "request");
    logger.info({ path: "/api/bookings/feed/renew" }, "request");
    logger.info({ path: "/api/bookings/feed/feed_secret-bare" }, "request");
    logger.info({ path: "/api/bookings/feed/feed_secret-ics.ics?x=1" }, "request");
    logger.flush();
  } finally {
    process.stdout.write = original;
  }
  const paths = lines.map((line) => (JSON.parse(line) as { path: string }).path);
  expect(paths).toEqual([
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
