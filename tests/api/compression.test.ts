import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory } from "../helpers/catalogue-api.ts";
import { rawRequest, type RawResponse } from "../helpers/raw-request.ts";

/**
 * Every text reply is coded by Accept-Encoding (brotli, then gzip, else the bytes as they are),
 * with Vary and an ETag per coding; HEAD and 304 agree with GET. Three paths make those replies:
 * cached pages (compressed once when cached), build assets (compressed at build time) and
 * everything else (API JSON, compressed on the way out).
 */

const admin = withAdminServer({}, productionSite);
beforeAll(async () => {
  // Enough categories that /api/category is over 1 KB, and the home page lists them.
  for (let index = 1; index <= 12; index++)
    await createCategory(admin.server, admin.token, `Categorie de proba ${index}`);
});

function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  return rawRequest(admin.server.url, pathname, { method, headers });
}

function decoded(response: RawResponse): Buffer {
  const coding = response.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(response.body);
  if (coding === "gzip") return gunzipSync(response.body);
  expect(coding).toBeUndefined();
  return response.body;
}

const CODINGS = [
  { accept: "gzip, deflate, br, zstd", coding: "br" },
  { accept: "gzip", coding: "gzip" },
  { accept: "br;q=0, gzip;q=0", coding: undefined },
  { accept: "", coding: undefined },
] as const;

/** The checks every coded path shares: codings, Vary, ETags, 304 (strong, weak, list), HEAD. */
function describeCodedPath(label: string, pathname: () => string, extra: (response: RawResponse) => void = () => {}) {
  describe(label, () => {
    it("codes by Accept-Encoding with Vary, the same content in each coding, a distinct ETag each", async () => {
      const replies = await Promise.all(CODINGS.map(({ accept }) => get(pathname(), { "Accept-Encoding": accept })));
      const identity = decoded(replies[3]);
      expect(identity.byteLength).toBeGreaterThan(1024);
      replies.forEach((reply, index) => {
        expect(reply.status).toBe(200);
        expect(reply.headers["content-encoding"]).toBe(CODINGS[index].coding);
        expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
        expect(Number(reply.headers["content-length"])).toBe(reply.body.byteLength);
        expect(decoded(reply).equals(identity)).toBe(true);
        extra(reply);
      });
      expect(replies[0].body.byteLength).toBeLessThan(identity.byteLength / 2);
      const etags = replies.map((reply) => reply.headers.etag);
      expect(new Set(etags.slice(0, 3)).size).toBe(3);
      expect(etags[2]).toBe(etags[3]);
    });

    it("answers 304 to its own coding's ETag, strong, weak or in a list, and 200 to another coding's", async () => {
      for (const { accept } of CODINGS.slice(0, 3)) {
        const etag = (await get(pathname(), { "Accept-Encoding": accept })).headers.etag ?? "";
        for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, `"a",W/${etag}`]) {
          const revalidated = await get(pathname(), { "Accept-Encoding": accept, "If-None-Match": ifNoneMatch });
          expect(revalidated.status, `${accept} / ${ifNoneMatch}`).toBe(304);
          expect(revalidated.body.byteLength).toBe(0);
          expect(revalidated.headers.etag).toBe(etag);
          expect(revalidated.headers.vary).toMatch(/Accept-Encoding/i);
        }
      }
      const brEtag = (await get(pathname(), { "Accept-Encoding": "br" })).headers.etag ?? "";
      const gzipReply = await get(pathname(), { "Accept-Encoding": "gzip", "If-None-Match": brEtag });
      expect(gzipReply.status).toBe(200);
      expect(gzipReply.headers["content-encoding"]).toBe("gzip");
    });

    it("answers HEAD with the headers of the GET and no body", async () => {
      for (const { accept } of CODINGS) {
        const [got, head] = [
          await get(pathname(), { "Accept-Encoding": accept }),
          await get(pathname(), { "Accept-Encoding": accept }, "HEAD"),
        ];
        expect(head.status).toBe(200);
        expect(head.body.byteLength).toBe(0);
        for (const name of ["content-type", "content-encoding", "content-length", "etag", "vary", "cache-control"]) {
          expect(head.headers[name], `${accept}: ${name}`).toBe(got.headers[name]);
        }
      }
    });
  });
}

describeCodedPath(
  "a cached page",
  () => "/home",
  (reply) => {
    expect(reply.headers["content-type"]).toMatch(/^text\/html/);
    expect(reply.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(reply.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  },
);

/** The largest script of the client build: the entry. */
function largestScript(): string {
  const dir = path.join(BUILD_DIR, "client", "assets");
  const scripts = readdirSync(dir).filter((file) => file.endsWith(".js"));
  return scripts.reduce((largest, file) =>
    readFileSync(path.join(dir, file)).byteLength > readFileSync(path.join(dir, largest)).byteLength ? file : largest,
  );
}

describeCodedPath(
  "a build asset",
  () => `/assets/${largestScript()}`,
  (reply) => {
    expect(reply.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  },
);

describeCodedPath(
  "API JSON",
  () => "/api/category",
  (reply) => {
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  },
);

describe("what is not coded", () => {
  it("serves build assets from the files the build compressed, brotli at maximum quality", async () => {
    const file = path.join(BUILD_DIR, "client", "assets", largestScript());
    const reply = await get(`/assets/${path.basename(file)}`, { "Accept-Encoding": "br" });
    expect(reply.body.equals(readFileSync(`${file}.br`))).toBe(true);
    const gzipReply = await get(`/assets/${path.basename(file)}`, { "Accept-Encoding": "gzip" });
    expect(gzipReply.body.equals(readFileSync(`${file}.gz`))).toBe(true);
  });

  it("leaves replies under 1 KB alone", async () => {
    const reply = await get("/healthz", { "Accept-Encoding": "br, gzip" });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(reply.body.toString("utf8"))).toEqual({ status: "ok" });
  });

  it("does not serve the build's manifest or the coded copies as files", async () => {
    expect((await get("/.vite/manifest.json")).status).toBe(404);
    expect((await get(`/assets/${largestScript()}.br`)).status).toBe(404);
  });
});
