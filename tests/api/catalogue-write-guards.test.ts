import { beforeAll, describe, expect, it } from "vitest";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

const admin = withAdminServer();
let productId: string;
let categoryId: string;
beforeAll(async () => {
  categoryId = (await createCategory(admin.server, admin.token, "Excavatoare")).uuid;
  productId = (await createProduct(admin.server, admin.token, await productBody("Excavatoare", "CAT 320"))).uuid;
});

const ID = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";

/** Every write call of spec §7 for the catalogue. */
const WRITES: [method: string, path: string][] = [
  ["POST", "/api/category/create"],
  ["PUT", "/api/category/update"],
  ["DELETE", `/api/category/${ID}`],
  ["POST", "/api/product/create"],
  ["PUT", "/api/product/update"],
  ["DELETE", `/api/product/${ID}`],
  ["POST", "/api/banner/create"],
  ["PUT", "/api/banner/update"],
  ["DELETE", `/api/banner/${ID}`],
  ["PUT", "/api/configuration/update"],
];

describe("the catalogue write calls need the admin's bearer token", () => {
  it.each(WRITES)("%s %s answers 401 without a token", async (method, path) => {
    const response = await admin.server.fetch(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "DELETE" ? undefined : "{}",
    });
    expect(await json(response, 401)).toEqual(errorBody("ERROR_UNAUTHORIZED"));
  });

  it.each(WRITES)("%s %s answers 401 with a forged token", async (method, path) => {
    const [header = "", payload = ""] = admin.token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    const response = await callJson(admin.server, method, path, method === "DELETE" ? undefined : {}, forged);
    expect(await json(response, 401)).toEqual(errorBody("ERROR_UNAUTHORIZED"));
  });

  it.each(WRITES)("%s %s answers 401 to a token that is not a bearer JWT", async (method, path) => {
    const response = await admin.server.fetch(path, {
      method,
      headers: { Authorization: `Basic ${admin.token}`, "Content-Type": "application/json" },
      body: method === "DELETE" ? undefined : "{}",
    });
    expect(response.status).toBe(401);
  });

  it("does not shadow the public reads", async () => {
    expect((await admin.server.fetch(`/api/product/${productId}`)).status).toBe(200);
    expect((await admin.server.fetch(`/api/category/${categoryId}`)).status).toBe(200);
    expect((await admin.server.fetch("/api/product/create")).status).toBe(404);
  });
});

/** JSON values of every type but string, for every field: a wrong type is a 400 (or a 404 for an id), never a 500. */
const WRONG_TYPES: unknown[] = [null, true, 0, -1.5, [], [1, "a"], ["x"], {}, { a: { b: [] } }];

const FIELDS: Record<string, string[]> = {
  "/api/category/create": ["name"],
  "/api/category/update": ["uuid", "name"],
  "/api/product/create": ["model", "category", "header_offer", "details", "technical_data", "header_photo", "gallery"],
  "/api/product/update": [
    "uuid",
    "model",
    "category",
    "header_offer",
    "details",
    "technical_data",
    "header_photo",
    "gallery",
  ],
  "/api/banner/create": ["banner"],
  "/api/banner/update": ["uuid", "mime_type", "image", "alt"],
  "/api/configuration/update": [],
};

const BODY_WRITES = WRITES.filter(([method]) => method !== "DELETE");

describe("bodies of the wrong JSON types", () => {
  it.each(BODY_WRITES)("%s %s answers whole bodies of any type with 400", async (method, path) => {
    for (const body of [
      ...[...WRONG_TYPES, "", "x"].map((value) => JSON.stringify(value)),
      "not json",
      '{"a":',
      "[[[[[[[[[[]]]]]]]]]]",
    ]) {
      const response = await callJson(admin.server, method, path, body, admin.token);
      expect([400, 404], `${path} with ${body}: ${response.status}`).toContain(response.status);
    }
  });

  it.each(BODY_WRITES)("%s %s answers each field of a wrong type with 400", async (method, path) => {
    const valid = path.startsWith("/api/product")
      ? { ...(await productBody("Excavatoare", "Tip gresit")), uuid: productId }
      : { uuid: ID };
    for (const field of FIELDS[path] ?? []) {
      for (const value of WRONG_TYPES) {
        // An empty gallery is a valid one.
        if (field === "gallery" && Array.isArray(value) && value.length === 0) continue;
        const response = await callJson(admin.server, method, path, { ...valid, [field]: value }, admin.token);
        expect(response.status, `${path} ${field}=${JSON.stringify(value)}`).toBe(400);
      }
    }
  });

  it("answers wrong types inside pictures and entries with 400", async () => {
    const base = await productBody("Excavatoare", "Tip gresit");
    for (const value of WRONG_TYPES) {
      for (const key of ["mime_type", "image", "uuid", "alt"]) {
        const picture = { ...base.header_photo, [key]: value };
        const replies = [
          await callJson(admin.server, "POST", "/api/product/create", { ...base, header_photo: picture }, admin.token),
          await callJson(admin.server, "POST", "/api/product/create", { ...base, gallery: [picture] }, admin.token),
          await callJson(admin.server, "POST", "/api/banner/create", { banner: [picture] }, admin.token),
        ];
        for (const reply of replies) expect(reply.status, `${key}=${JSON.stringify(value)}`).toBe(400);
      }
      for (const key of ["uuid", "key", "value"]) {
        const response = await callJson(
          admin.server,
          "PUT",
          "/api/configuration/update",
          [{ key: "contact_phone", value: "0722123456", [key]: value }],
          admin.token,
        );
        expect(response.status, `configuration ${key}=${JSON.stringify(value)}`).toBe(400);
      }
    }
  });
});
