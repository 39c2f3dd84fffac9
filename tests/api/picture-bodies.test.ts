import { beforeAll, describe, expect, it } from "vitest";
import type { BannerView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { authHeaders, callJson } from "../helpers/auth.ts";
import { createCategory, json, productBody, type ProductBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { pngPayload } from "../helpers/pictures.ts";
import { rawRequest } from "../helpers/raw-request.ts";

/**
 * The calls that carry pictures read their body whole, then validate it in a later turn of the event
 * loop, one body per turn, and make their pictures one after the other (server/api/body-in-turns.ts,
 * server/media/picture-work.ts). Their replies must stay exactly those of every other call.
 */

const admin = withAdminServer();
let base: ProductBody;
let bannerId = "";
let productId = "";
beforeAll(async () => {
  await createCategory(admin.server, admin.token, "Macarale");
  base = await productBody("Macarale", "Baza", 1);
  productId = (
    await json<ProductView>(await callJson(admin.server, "POST", "/api/product/create", base, admin.token), 201)
  ).uuid;
  const [banner] = await json<BannerView[]>(
    await callJson(admin.server, "POST", "/api/banner/create", { banner: [await pngPayload("#123456")] }, admin.token),
    201,
  );
  bannerId = banner?.uuid ?? "";
});

const PICTURE_CALLS = [
  ["POST", "/api/product/create"],
  ["PUT", "/api/product/update"],
  ["POST", "/api/banner/create"],
  ["PUT", "/api/banner/update"],
] as const;

describe("calls carrying pictures", () => {
  it.each(PICTURE_CALLS)("%s %s refuses a body that is not JSON with 415", async (method, pathname) => {
    const response = await admin.server.fetch(pathname, {
      method,
      headers: { ...authHeaders(admin.token), "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(errorBody("ERROR_UNSUPPORTED_MEDIA_TYPE"));
  });

  it.each(PICTURE_CALLS)("%s %s answers unreadable JSON with ERROR_BAD_REQUEST", async (method, pathname) => {
    const response = await admin.server.fetch(pathname, {
      method,
      headers: { ...authHeaders(admin.token), "Content-Type": "application/json" },
      body: '{"model": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errorBody("ERROR_BAD_REQUEST"));
  });

  it("refuses a chunked body that grows past the call's limit with 413", async () => {
    // A banner's limit: one 10 MB picture in base64 and room for the text fields, under 18 MB.
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const response = await rawRequest(admin.server.url, "/api/banner/update", {
      method: "PUT",
      headers: { ...authHeaders(admin.token), "Content-Type": "application/json" },
      body: Array.from({ length: 20 }, () => chunk),
      timeoutMs: 20_000,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString("utf8"))).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
  });

  it("answers uploads sent at once each with its own reply", async () => {
    const good = async (index: number) => ({
      ...base,
      model: `Deodata ${index}`,
      header_photo: await pngPayload(`#${index}0${index}0${index}0`, 50 + index, 40),
    });
    const bodies = [
      await good(1),
      { ...(await good(2)), header_photo: { mime_type: "image/png", image: "bm90IGEgcGljdHVyZQ==" } },
      await good(3),
      { ...(await good(4)), header_photo: { mime_type: "image/png", image: "not base64!" } },
      await good(5),
      { ...base, uuid: productId, model: "Baza schimbata", header_photo: await pngPayload("#abcdef", 70, 30) },
    ];
    const replies = await Promise.all([
      ...bodies.map((body) =>
        callJson(
          admin.server,
          body.uuid ? "PUT" : "POST",
          body.uuid ? "/api/product/update" : "/api/product/create",
          body,
          admin.token,
        ),
      ),
      callJson(
        admin.server,
        "PUT",
        "/api/banner/update",
        { uuid: bannerId, ...(await pngPayload("#654321", 90, 20)) },
        admin.token,
      ),
    ]);
    const invalidHeader = { errors: [{ msg: "INVALID_PRODUCT_HEADER_PHOTO_IMAGE", path: "header_photo.image" }] };
    expect(
      await Promise.all(
        replies.map(async (reply) => ({ status: reply.status, body: (await reply.json()) as unknown })),
      ),
    ).toEqual([
      {
        status: 201,
        body: expect.objectContaining({
          model: "Deodata 1",
          header_photo: expect.objectContaining({ width: 51, height: 40 }),
        }),
      },
      { status: 400, body: invalidHeader },
      {
        status: 201,
        body: expect.objectContaining({
          model: "Deodata 3",
          header_photo: expect.objectContaining({ width: 53, height: 40 }),
        }),
      },
      { status: 400, body: invalidHeader },
      {
        status: 201,
        body: expect.objectContaining({
          model: "Deodata 5",
          header_photo: expect.objectContaining({ width: 55, height: 40 }),
        }),
      },
      {
        status: 200,
        body: expect.objectContaining({
          model: "Baza schimbata",
          header_photo: expect.objectContaining({ width: 70, height: 30 }),
        }),
      },
      { status: 200, body: expect.objectContaining({ uuid: bannerId, width: 90, height: 20 }) },
    ]);
  });
});
