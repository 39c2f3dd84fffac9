import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { json, versionOf } from "../helpers/catalogue-api.ts";
import { pngPayload } from "../helpers/pictures.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAsAdmin(server)).token;
});
afterAll(async () => {
  await server?.close();
});

const order = (body: unknown, bearer: string | null = token) =>
  callJson(server, "PUT", "/api/banner/order", body, bearer ?? undefined);
const all = async () =>
  (await json<BannerView[]>(await server.fetch("/api/banner/all"), 200)).map((banner) => banner.uuid);
const invalid = { errors: [{ msg: "INVALID_BANNER_ORDER", path: "order" }] };

describe("PUT /api/banner/order", () => {
  it("puts the banners in the order given, and the carousel reads them so", async () => {
    const created = await json<BannerView[]>(
      await callJson(
        server,
        "POST",
        "/api/banner/create",
        { banner: [await pngPayload("#110000"), await pngPayload("#220000"), await pngPayload("#330000")] },
        token,
      ),
      201,
    );
    const [a, b, c] = created.map((banner) => banner.uuid) as [string, string, string];
    const before = await versionOf(server);
    const reply = await json<BannerView[]>(await order({ order: [c, a, b.toUpperCase()] }), 200);
    expect(reply.map((banner) => banner.uuid)).toEqual([c, a, b]);
    expect(await all()).toEqual([c, a, b]);
    expect(await versionOf(server)).toBe(before + 1);
    expect((await json<BannerView>(await server.fetch("/api/banner/first"), 200)).uuid).toBe(c);

    // A list that misses a banner, names one twice, or names one that is gone changes nothing.
    const missing = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";
    for (const wrong of [
      [a, b],
      [a, a, b],
      [a, b, c, missing],
      [a, b, missing],
    ]) {
      expect(await json(await order({ order: wrong }), 400)).toEqual(invalid);
    }
    expect(await all()).toEqual([c, a, b]);
  });

  it.each([
    [{}, "order"],
    [{ order: [] }, "order"],
    [{ order: "x" }, "order"],
    [{ order: ["not-a-uuid"] }, "order.0"],
    [[], "order"],
  ])("refuses %j", async (body, path) => {
    expect(await json(await order(body), 400)).toEqual({ errors: [{ msg: "INVALID_BANNER_ORDER", path }] });
  });

  it("needs the admin's token", async () => {
    expect((await order({ order: [] }, null)).status).toBe(401);
  });
});
