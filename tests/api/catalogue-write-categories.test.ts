import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { CATEGORY_BODY_LIMIT } from "../../server/api/body-sizes.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody, versionOf } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { rawRequest } from "../helpers/raw-request.ts";

const admin = withAdminServer();

const MISSING = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";

describe("POST /api/category/create", () => {
  it("creates the category with spaces collapsed and replies with its read shape", async () => {
    const before = await versionOf(admin.server);
    const response = await callJson(
      admin.server,
      "POST",
      "/api/category/create",
      { name: "  Buldoexcavatoare   mari " },
      admin.token,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const created = await json<CategoryView>(response, 201);
    expect(created).toEqual({
      uuid: expect.any(String),
      name: "Buldoexcavatoare mari",
      name_en: "",
      slug: "buldoexcavatoare-mari",
      header_photo: null,
      specifications: [],
      version: 1,
    });
    expect(await json(await admin.server.fetch(`/api/category/${created.uuid}`), 200)).toEqual(created);
    expect(await versionOf(admin.server)).toBe(before + 1);
  });

  it("keeps Romanian diacritics", async () => {
    const created = await createCategory(admin.server, admin.token, "Încărcătoare pe șenile");
    expect(created.name).toBe("Încărcătoare pe șenile");
  });

  describe("with 'Macarale' stored", () => {
    beforeAll(async () => {
      await createCategory(admin.server, admin.token, "Macarale");
    });

    it.each([
      ["the same name", "Macarale"],
      ["another case", "MACARALE"],
      ["other spaces", "  macarale  "],
    ])("answers 409 ERROR_CATEGORY_EXIST for %s", async (_label, name) => {
      const response = await callJson(admin.server, "POST", "/api/category/create", { name }, admin.token);
      expect(await json(response, 409)).toEqual(errorBody("ERROR_CATEGORY_EXIST"));
    });
  });

  it("treats spaces and hyphens alike, as the page URLs do", async () => {
    await createCategory(admin.server, admin.token, "Placi compactoare");
    const response = await callJson(
      admin.server,
      "POST",
      "/api/category/create",
      { name: "placi-compactoare" },
      admin.token,
    );
    expect(response.status).toBe(409);
  });

  it("creates a name only once when the same name is sent many times at once", async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        callJson(admin.server, "POST", "/api/category/create", { name: "Generatoare" }, admin.token),
      ),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const all = await json<CategoryView[]>(await admin.server.fetch("/api/category"), 200);
    expect(all.filter((category) => category.slug === "generatoare")).toHaveLength(1);
  });

  it.each([
    [{}, "REQUIRED_CATEGORY_NAME"],
    [{ name: "" }, "REQUIRED_CATEGORY_NAME"],
    [{ name: "   " }, "REQUIRED_CATEGORY_NAME"],
    [{ name: null }, "REQUIRED_CATEGORY_NAME"],
    [{ name: "Excavatoare <script>" }, "INVALID_CATEGORY_NAME"],
    [{ name: "Excavatoare/Buldo" }, "INVALID_CATEGORY_NAME"],
    [{ name: 42 }, "INVALID_CATEGORY_NAME"],
    [{ name: ["Excavatoare"] }, "INVALID_CATEGORY_NAME"],
    [{ name: { ro: "Excavatoare" } }, "INVALID_CATEGORY_NAME"],
    // Fixed segments of GET /api/product/{category_name}/{product_model}'s neighbours.
    [{ name: "Details" }, "RESERVED_CATEGORY_NAME"],
    [{ name: "category" }, "RESERVED_CATEGORY_NAME"],
    [{ name: "Edit" }, "RESERVED_CATEGORY_NAME"],
  ])("answers %j with 400 %s", async (body, code) => {
    const response = await callJson(admin.server, "POST", "/api/category/create", body, admin.token);
    expect(await json(response, 400)).toEqual({ errors: [{ msg: code, path: "name" }] });
  });

  it("answers a body that is not JSON with 400 ERROR_BAD_REQUEST", async () => {
    const response = await callJson(admin.server, "POST", "/api/category/create", "{name:", admin.token);
    expect(await json(response, 400)).toEqual(errorBody("ERROR_BAD_REQUEST"));
  });

  it("refuses a body over its limit before parsing it", async () => {
    // Its own connection: the server stops reading at the limit and the rest of the body is left unsent.
    const response = await rawRequest(admin.server.url, "/api/category/create", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ name: "x".repeat(CATEGORY_BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString())).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
  });
});

describe("PUT /api/category/update", () => {
  it("renames the category, also to another case of its own name", async () => {
    const category = await createCategory(admin.server, admin.token, "Compresoare");
    const renamed = await json<CategoryView>(
      await callJson(
        admin.server,
        "PUT",
        "/api/category/update",
        { uuid: category.uuid, name: "Compresoare   de aer" },
        admin.token,
      ),
      200,
    );
    expect(renamed).toEqual({ ...category, name: "Compresoare de aer", slug: "compresoare-de-aer", version: 2 });
    const recased = await json<CategoryView>(
      await callJson(
        admin.server,
        "PUT",
        "/api/category/update",
        { uuid: category.uuid, name: "COMPRESOARE de aer" },
        admin.token,
      ),
      200,
    );
    expect(recased.name).toBe("COMPRESOARE de aer");
  });

  it("answers 409 ERROR_CATEGORY_EXIST when the new name belongs to another category", async () => {
    await createCategory(admin.server, admin.token, "Pompe");
    const other = await createCategory(admin.server, admin.token, "Vibratoare");
    const response = await callJson(
      admin.server,
      "PUT",
      "/api/category/update",
      { uuid: other.uuid, name: "POMPE" },
      admin.token,
    );
    expect(await json(response, 409)).toEqual(errorBody("ERROR_CATEGORY_EXIST"));
  });

  it.each([MISSING, "not-a-uuid", "../../etc/passwd"])(
    "answers an unknown id %s with 404 ERROR_UPDATE_CATEGORY",
    async (uuid) => {
      const response = await callJson(
        admin.server,
        "PUT",
        "/api/category/update",
        { uuid, name: "Nimic" },
        admin.token,
      );
      expect(await json(response, 404)).toEqual(errorBody("ERROR_UPDATE_CATEGORY"));
    },
  );

  it.each([
    [{ name: "Nume" }, [{ msg: "ERROR_UPDATE_CATEGORY", path: "uuid" }]],
    [{ uuid: 7, name: "Nume" }, [{ msg: "ERROR_UPDATE_CATEGORY", path: "uuid" }]],
    [{ uuid: MISSING }, [{ msg: "REQUIRED_CATEGORY_NAME", path: "name" }]],
    [{ uuid: MISSING, name: "a;b" }, [{ msg: "INVALID_CATEGORY_NAME", path: "name" }]],
  ])("answers %j with 400", async (body, errors) => {
    expect(await json(await callJson(admin.server, "PUT", "/api/category/update", body, admin.token), 400)).toEqual({
      errors,
    });
  });
});

describe("DELETE /api/category/{id}", () => {
  it("deletes the category and keeps its products, shown as 'Necunoscut'", async () => {
    const category = await createCategory(admin.server, admin.token, "Stivuitoare");
    const product = await createProduct(admin.server, admin.token, await productBody("Stivuitoare", "Linde H30"));
    const before = await versionOf(admin.server);
    const response = await callJson(admin.server, "DELETE", `/api/category/${category.uuid}`, undefined, admin.token);
    expect(response.status).toBe(204);
    expect(await versionOf(admin.server)).toBe(before + 1);
    expect(await json(await admin.server.fetch(`/api/category/${category.uuid}`), 404)).toEqual(
      errorBody("ERROR_GET_CATEGORY"),
    );
    const [kept] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${product.uuid}`), 200);
    expect(kept).toMatchObject({
      uuid: product.uuid,
      category: "Necunoscut",
      category_uuid: null,
      category_slug: null,
    });
    // Its pictures are still served.
    expect((await admin.server.fetch(kept?.header_photo.image ?? "")).status).toBe(200);
  });

  it.each([MISSING, "nope"])("answers an unknown id %s with 404 ERROR_DELETE_CATEGORY", async (id) => {
    const response = await callJson(admin.server, "DELETE", `/api/category/${id}`, undefined, admin.token);
    expect(await json(response, 404)).toEqual(errorBody("ERROR_DELETE_CATEGORY"));
  });
});
