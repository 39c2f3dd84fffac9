import { describe, expect, it } from "vitest";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import type { TrashList } from "../../common/trash/trash-schemas.ts";
import { imageIdFromPath } from "../../common/media/media-paths.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson } from "../helpers/auth.ts";
import { json, versionOf } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { pngPayload } from "../helpers/pictures.ts";

const admin = withAdminServer();

const MISSING = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";
const createBanners = (body: unknown) => callJson(admin.server, "POST", "/api/banner/create", body, admin.token);
const all = async () => json<BannerView[]>(await admin.server.fetch("/api/banner/all"), 200);
const remove = (id: string) => callJson(admin.server, "DELETE", `/api/banner/${id}`, undefined, admin.token);

describe("banners", () => {
  it("creates banners from { banner: [...] } and from a bare list, in upload order", async () => {
    const before = await versionOf(admin.server);
    const first = await json<BannerView[]>(
      await createBanners({ banner: [await pngPayload("#100000"), await pngPayload("#200000")] }),
      201,
    );
    expect(first).toEqual([
      {
        uuid: expect.any(String),
        image: expect.stringMatching(/^\/media\/banner\/[0-9a-f-]{36}\.png$/),
        alt: "inchiriere utilaje constructii poza 1",
        width: 40,
        height: 30,
        alt_en: "",
        caption: "",
        caption_en: "",
        version: 1,
      },
      {
        uuid: expect.any(String),
        image: expect.any(String),
        alt: "inchiriere utilaje constructii poza 2",
        width: 40,
        height: 30,
        alt_en: "",
        caption: "",
        caption_en: "",
        version: 1,
      },
    ]);
    expect(await versionOf(admin.server)).toBe(before + 1);
    const second = await json<BannerView[]>(
      await createBanners([{ ...(await pngPayload("#300000")), alt: "Macara la lucru" }]),
      201,
    );
    expect(second[0]?.alt).toBe("Macara la lucru");
    expect((await all()).map((banner) => banner.uuid)).toEqual([...first, ...second].map((banner) => banner.uuid));
    for (const banner of await all()) expect((await remove(banner.uuid)).status).toBe(204);
  });

  it("holds at most five banners in all", async () => {
    await json(await createBanners({ banner: await Promise.all([1, 2, 3].map((n) => pngPayload(`#00${n}000`))) }), 201);
    const over = await createBanners({ banner: await Promise.all([4, 5, 6].map((n) => pngPayload(`#00${n}000`))) });
    expect(await json(over, 400)).toEqual({ errors: [{ msg: "INVALID_BANNER", path: "banner" }] });
    await json(await createBanners({ banner: [await pngPayload("#004000"), await pngPayload("#005000")] }), 201);
    expect(await all()).toHaveLength(5);
    const sixth = await createBanners([await pngPayload("#006000")]);
    expect(await json(sixth, 400)).toEqual({ errors: [{ msg: "INVALID_BANNER", path: "banner" }] });
    for (const banner of await all()) await remove(banner.uuid);
  });

  it("does not pass five when uploads race", async () => {
    const uploads = await Promise.all(
      Array.from({ length: 4 }, (_, n) => Promise.all([pngPayload(`#0${n}0${n}00`), pngPayload(`#0${n}0${n}11`)])),
    );
    const statuses = (await Promise.all(uploads.map((banner) => createBanners({ banner }))))
      .map((reply) => reply.status)
      .sort();
    expect(statuses).toEqual([201, 201, 400, 400]);
    expect(await all()).toHaveLength(4);
    for (const banner of await all()) await remove(banner.uuid);
  });

  it.each([
    [{}, [{ msg: "INVALID_BANNER", path: "banner" }]],
    [{ banner: [] }, [{ msg: "INVALID_BANNER", path: "banner" }]],
    [{ banner: "x" }, [{ msg: "INVALID_BANNER", path: "banner" }]],
    [null, [{ msg: "INVALID_BANNER", path: "" }]],
    [{ banner: [{ mime_type: "image/png" }] }, [{ msg: "REQUIRED_BANNER_IMAGE", path: "banner.0.image" }]],
    [{ banner: [{ image: "iVBORw0KGgo=" }] }, [{ msg: "REQUIRED_BANNER_MIME_TYPE", path: "banner.0.mime_type" }]],
    [
      { banner: [{ image: "iVBORw0KGgo=", mime_type: "video/mp4" }] },
      [{ msg: "INVALID_BANNER_MIME_TYPE", path: "banner.0.mime_type" }],
    ],
    [
      { banner: [{ image: "<html>", mime_type: "image/png" }] },
      [{ msg: "INVALID_BANNER_IMAGE", path: "banner.0.image" }],
    ],
  ])("answers %j with 400", async (body, errors) => {
    expect(await json(await createBanners(body), 400)).toEqual({ errors });
  });

  it("updates a banner's picture or its alt text", async () => {
    const [banner] = await json<BannerView[]>(await createBanners([await pngPayload("#777777")]), 201);
    const id = banner?.uuid ?? "";
    const renamed = await json<BannerView>(
      await callJson(admin.server, "PUT", "/api/banner/update", { uuid: id, alt: "Buldozer" }, admin.token),
      200,
    );
    expect(renamed).toEqual({ ...banner, alt: "Buldozer", version: 2 });
    const replaced = await json<BannerView>(
      await callJson(
        admin.server,
        "PUT",
        "/api/banner/update",
        { uuid: id, ...(await pngPayload("#888888", 60, 20)) },
        admin.token,
      ),
      200,
    );
    expect(replaced).toMatchObject({ uuid: id, width: 60, height: 20 });
    expect(replaced.image).not.toBe(banner?.image);
    expect((await admin.server.fetch(banner?.image ?? "")).status).toBe(404);
    expect((await admin.server.fetch(replaced.image)).status).toBe(200);
    await remove(id);
  });

  it.each([
    [{ uuid: MISSING, alt: "x" }, 404, errorBody("ERROR_UPDATE_BANNER")],
    [{ uuid: "nope", alt: "x" }, 404, errorBody("ERROR_UPDATE_BANNER")],
    [{ alt: "x" }, 400, { errors: [{ msg: "ERROR_UPDATE_BANNER", path: "uuid" }] }],
    [{ uuid: MISSING }, 400, { errors: [{ msg: "REQUIRED_BANNER_IMAGE", path: "image" }] }],
    [
      { uuid: MISSING, image: "iVBORw0KGgo=" },
      400,
      { errors: [{ msg: "REQUIRED_BANNER_MIME_TYPE", path: "mime_type" }] },
    ],
  ])("answers the update %j with %i", async (body, code, reply) => {
    expect(await json(await callJson(admin.server, "PUT", "/api/banner/update", body, admin.token), code)).toEqual(
      reply,
    );
  });

  it("moves a banner to the trash, its picture kept (not served) until it is purged", async () => {
    const [banner] = await json<BannerView[]>(await createBanners([await pngPayload("#999999")]), 201);
    const before = await versionOf(admin.server);
    expect((await remove(banner?.uuid ?? "")).status).toBe(204);
    expect(await versionOf(admin.server)).toBe(before + 1);
    expect(await all()).toEqual([]);
    // Kept stored while in the trash, but no longer served (decision 080).
    const stored = () =>
      admin.server.services.db
        .selectFrom("images")
        .select("id")
        .where("id", "=", imageIdFromPath(banner?.image ?? "") ?? "")
        .execute();
    expect(await stored()).toHaveLength(1);
    expect((await admin.server.fetch(banner?.image ?? "")).status).toBe(404);
    const entry = (
      await json<TrashList>(await callJson(admin.server, "GET", "/api/trash", undefined, admin.token), 200)
    ).items.find((item) => item.itemId === banner?.uuid);
    expect((await callJson(admin.server, "DELETE", `/api/trash/${entry?.id}`, undefined, admin.token)).status).toBe(
      204,
    );
    expect(await stored()).toEqual([]);
  });

  it.each([MISSING, "x"])("answers the delete of unknown %s with 404 ERROR_DELETE_BANNER_PHOTO", async (id) => {
    expect(await json(await remove(id), 404)).toEqual(errorBody("ERROR_DELETE_BANNER_PHOTO"));
  });
});
