import { describe, expect, it, vi } from "vitest";
import { productionSite } from "../../server/pages/ssr.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { errorBody } from "../helpers/error-body.ts";
import { rawRequest } from "../helpers/raw-request.ts";

/**
 * The edges of the pages an attacker tries: bodies on any spelling of a page address, and addresses
 * that a redirect could turn into another host.
 */
const site = withTestServer({}, productionSite);

const stored = async () => (await site.server.services.db.selectFrom("contact_requests").select("id").execute()).length;

describe("page requests with a body", () => {
  const spellings = [
    "/contact",
    "/contact/",
    "/contact.data",
    "/CONTACT",
    "/Contact/",
    "/contact//",
    "/home",
    "/categorie/excavatoare.data",
    "/nu-exista",
  ];

  it.each(spellings)("POST %s declaring 100 MB is refused with 413 before the body is read", async (path) => {
    const before = await stored();
    const rss = process.memoryUsage().rss;
    // Only the first kilobyte is ever sent: the reply comes from the declared length alone.
    const response = await rawRequest(site.server.url, path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) },
      body: Buffer.alloc(1024, "a"),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString())).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
    expect(process.memoryUsage().rss - rss).toBeLessThan(32 * 1024 * 1024);
    expect(await stored()).toBe(before);
  });

  it.each(["PUT", "PATCH"])("%s /contact with a chunked body past 32 KB is refused with 413", async (method) => {
    const before = await stored();
    const response = await rawRequest(site.server.url, "/contact", {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: Array.from({ length: 40 }, () => Buffer.alloc(1024, "a")),
    });
    expect(response.status).toBe(413);
    expect(await stored()).toBe(before);
  });

  it.each(["PUT", "PATCH"])(
    "%s /contact/ with a chunked body past 32 KB is sent to the page's one address, its body unread",
    async (method) => {
      const before = await stored();
      const response = await rawRequest(site.server.url, "/contact/", {
        method,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: Array.from({ length: 40 }, () => Buffer.alloc(1024, "a")),
      });
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe("/contact");
      expect(await stored()).toBe(before);
    },
  );

  it.each(["DELETE", "OPTIONS", "PUT"])("%s /Contact.data declaring 100 MB is refused with 413", async (method) => {
    const response = await rawRequest(site.server.url, "/Contact.data", {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) },
      body: Buffer.alloc(1024, "a"),
    });
    expect(response.status).toBe(413);
  });

  it.each(["/contact", "/contact/", "/contact.data", "/home"])(
    "a multipart body on %s is refused unread with 415: no page takes an upload",
    async (path) => {
      const before = await stored();
      const response = await rawRequest(site.server.url, path, {
        method: "POST",
        headers: { "Content-Type": "Multipart/Form-Data; boundary=zz", "Content-Length": String(100 * 1024 * 1024) },
        body: '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.ro\r\n',
      });
      expect(response.status).toBe(415);
      expect(JSON.parse(response.body.toString())).toEqual(errorBody("ERROR_UNSUPPORTED_MEDIA_TYPE"));
      expect(await stored()).toBe(before);
    },
  );
});

describe("redirects stay on the site", () => {
  it.each([
    "//Attacker.example/Phish",
    "/%2F/Evil.com/",
    "//%45vil.com/",
    "/%5CEvil.com/",
    "/%5C%5CEvil.com",
    "///Evil.com/x",
    "/%2f%2fEvil.com",
    "//Evil.com\\x",
  ])("%s never answers a Location on another host", async (path) => {
    const response = await rawRequest(site.server.url, path);
    const location = response.headers.location;
    if (location === undefined) return;
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, site.server.url).host).toBe(new URL(site.server.url).host);
  });

  it("still sends an upper-case address to its lower-case page, with one slash where there were several", async () => {
    expect((await rawRequest(site.server.url, "//Home")).headers.location).toBe("/home");
    expect((await rawRequest(site.server.url, "/Categorie//Excavatoare?lang=en")).headers.location).toBe(
      "/categorie/excavatoare?lang=en",
    );
  });
});

describe("a method a page has no action for", () => {
  it("answers 405 and is logged as a warning once per client address a minute, never as a failure of the page", async () => {
    const { logger } = site.server.services;
    const failures = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      const from = (localAddress: string, method: string, path: string) =>
        rawRequest(site.server.url, path, {
          method,
          localAddress,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "3" },
          body: "a=1",
        });
      for (const [method, path] of [
        ["POST", "/home"],
        ["POST", "/home"],
        ["DELETE", "/categorie/x"],
      ]) {
        expect((await from("127.0.0.7", method, path)).status, `${method} ${path}`).toBe(405);
      }
      expect((await from("127.0.0.8", "POST", "/home")).status).toBe(405);
      const refused = (address: string) =>
        warnings.mock.calls.filter(
          ([fields, message]) =>
            message === "page refused" && (fields as { clientAddress?: string }).clientAddress === address,
        );
      expect(refused("127.0.0.7")).toEqual([
        [expect.objectContaining({ method: "POST", path: "/home", status: 405 }), "page refused"],
      ]);
      expect(refused("127.0.0.8")).toHaveLength(1);
      expect(failures.mock.calls.filter(([, message]) => message === "page failed")).toEqual([]);
    } finally {
      failures.mockRestore();
      warnings.mockRestore();
    }
  });
});
