import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { productionSite } from "../../server/pages/ssr.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { loginAsAdmin } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * Every body is limited before it is read, on every path and method: the client here sends a chunked
 * body (no Content-Length) and never finishes it, so a reply can only come from a server that stopped
 * reading at the route's limit, or never read at all. A server that reads the whole body first never
 * answers, and the request times out.
 */
const site = withTestServer({}, productionSite);

interface EarlyReply {
  status: number;
  body: unknown;
  /** Bytes of the body the client had written when the reply came. */
  sent: number;
}

const CHUNK = Buffer.alloc(16 * 1024, "a");

/** Sends chunks (with back-pressure, up to `maxBytes`) and never ends the body; resolves with the reply. */
function openEndedBody(
  path: string,
  method: string,
  headers: http.OutgoingHttpHeaders,
  maxBytes = 8 * 1024 * 1024,
  /** Written before the chunks of "a": the start of a JSON body whose last string never ends. */
  opening = "",
): Promise<EarlyReply> {
  const { hostname, port } = new URL(site.server.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const framing = "Content-Length" in headers ? {} : { "Transfer-Encoding": "chunked" };
    const request = http.request({ hostname, port, path, method, headers: { ...framing, ...headers }, agent: false });
    const timer = setTimeout(
      () => request.destroy(new Error(`${method} ${path}: no reply while the body was still open`)),
      10_000,
    );
    const write = (): void => {
      while (!request.destroyed && sent < maxBytes) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", write);
      }
    };
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, body: text.startsWith("{") ? JSON.parse(text) : text, sent });
        request.destroy();
      });
    });
    if (opening) request.write(opening);
    write();
  });
}

const json = { "Content-Type": "application/json" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("bodies without Content-Length", () => {
  it.each([
    ["POST", "/api/contact"],
    ["POST", "/api/login"],
    ["POST", "/api/token/refresh"],
  ])("%s %s is cut past its limit with 413", async (method, path) => {
    const reply = await openEndedBody(path, method, json);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
  });

  it.each([
    ["POST", "/api/category/create"],
    ["POST", "/api/product/create"],
    ["POST", "/api/banner/create"],
    ["PUT", "/api/configuration/update"],
    ["PUT", "/api/contact/requests/0b6e6f2c-3c1f-4a55-9d1e-111111111111/status"],
  ])("%s %s without a token is refused with 401 before its body is read", async (method, path) => {
    const reply = await openEndedBody(path, method, json);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(errorBody("ERROR_UNAUTHORIZED"));
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])(
    "%s on an unknown /api path answers 404 without reading the body",
    async (method) => {
      const reply = await openEndedBody("/api/nothing-here", method, json);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(errorBody("ERROR_NOT_FOUND"));
    },
  );

  it.each(["/api/category", "/api/version", "/healthz"])(
    "POST on %s, a path that takes no body, answers without reading it",
    async (path) => {
      const reply = await openEndedBody(path, "POST", json);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
    },
  );

  it.each(["/contact", "/home", "/media/nothing.png"])(
    "POST %s is cut with 413 past the page's 32 KB (or answered unread)",
    async (path) => {
      const reply = await openEndedBody(path, "POST", form);
      expect([404, 405, 413]).toContain(reply.status);
      if (path === "/contact") expect(reply.status).toBe(413);
    },
  );

  it("a declared Content-Length over the route's limit is refused before anything is read", async () => {
    const reply = await openEndedBody(
      "/api/contact",
      "POST",
      { ...json, "Content-Length": String(100 * 1024 * 1024) },
      1024,
    );
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
  });

  it("a body within its limit is read whole, chunked or not", async () => {
    const body = JSON.stringify({ username: "nobody", password: "x".repeat(40 * 1024) });
    const { hostname, port } = new URL(site.server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          hostname,
          port,
          path: "/api/login",
          method: "POST",
          headers: { ...json, "Transfer-Encoding": "chunked" },
          agent: false,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      for (let at = 0; at < body.length; at += 1000) request.write(body.slice(at, at + 1000));
      request.end();
    });
    // Read whole and checked: a wrong password, not a size refusal.
    expect(status).toBe(401);
  });
});

describe("the calls carrying pictures", () => {
  let bearer: http.OutgoingHttpHeaders = {};
  beforeAll(async () => {
    bearer = { Authorization: `Bearer ${(await loginAsAdmin(site.server)).token}` };
  });
  const MB = 1024 * 1024;
  const calls = [
    ["POST", "/api/banner/create"],
    ["POST", "/api/product/create"],
    ["PUT", "/api/product/update"],
  ] as const;

  it.each(calls)(
    "%s %s declaring a body over its limit is refused at once, before it is read",
    async (method, path) => {
      const reply = await openEndedBody(path, method, { ...json, ...bearer, "Content-Length": String(100 * MB) }, 1024);
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
      // One chunk written of the 100 MB declared, and the body left open: only a reply made unread comes.
      expect(reply.sent).toBe(16 * 1024);
    },
  );

  it.each([
    ["POST", "/api/banner/create", '{"banner": [{"mime_type": "image/png", "image": "', 14 * MB],
    ["POST", "/api/product/create", '{"model": "X", "header_photo": {"mime_type": "image/png", "image": "', 7 * MB],
    ["PUT", "/api/product/update", '{"uuid": "x", "gallery": [{"mime_type": "image/png", "image": "', 7 * MB],
  ])(
    "%s %s: a picture growing past the call's largest one is cut there, not at the call's limit",
    async (method, path, opening, largest) => {
      // The client writes 4 MB past the picture's limit and waits, the body still open: only a server that
      // cut it there answers (the call's own limit, 46 or 74 MB, is never reached).
      const reply = await openEndedBody(path, method, { ...json, ...bearer }, largest + 4 * MB, opening);
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual(errorBody("ERROR_IMAGE_TOO_LARGE"));
    },
  );

  it.each(calls)("%s %s: a body that is not the JSON of a call is cut within kilobytes", async (method, path) => {
    const reply = await openEndedBody(path, method, { ...json, ...bearer }, 4 * MB);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
  });

  it("an early 413 closes its connection and says so: a keep-alive client's next request does not fail", async () => {
    // A product of 40 000 keys: past the call's 64 KB outside strings, refused while it arrives.
    const keys = Object.fromEntries(Array.from({ length: 40_000 }, (_, index) => [`k${index}`, index]));
    const refused = await site.server.fetch("/api/product/create", {
      method: "POST",
      headers: { ...json, Authorization: String(bearer.Authorization) },
      body: JSON.stringify(keys),
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("Connection")).toBe("close");
    await refused.arrayBuffer();
    expect((await site.server.fetch("/api/version")).status).toBe(200);
  });
});
