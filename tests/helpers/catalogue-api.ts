import { expect } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { imageIdFromPath } from "../../common/media/media-paths.ts";
import { catalogueVersion } from "../../server/db/repositories/app-state.ts";
import { callJson } from "./auth.ts";
import { pngPayload, type ImagePayload } from "./pictures.ts";
import type { TestServer } from "./test-server.ts";

/** Calls of the admin catalogue API for tests, asserting the status they expect. */

/** The reply's JSON once its status is the one expected (the body is shown when it is not). */
export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function createCategory(server: TestServer, token: string, name: string): Promise<CategoryView> {
  return json<CategoryView>(await callJson(server, "POST", "/api/category/create", { name }, token), 201);
}

export interface ProductBody {
  model: string;
  category: string;
  header_offer: string;
  details: string;
  technical_data: string;
  header_offer_en?: string;
  details_en?: string;
  technical_data_en?: string;
  header_photo: ImagePayload | { uuid: string };
  gallery: (ImagePayload | { uuid: string })[];
  uuid?: string;
}

/** A valid product with real (tiny) pictures: a header and `gallery` gallery pictures. */
export async function productBody(category: string, model: string, gallery = 1): Promise<ProductBody> {
  const pictures = await Promise.all(
    Array.from({ length: gallery }, (_, index) => pngPayload(`#${(index * 40 + 16).toString(16)}4060`)),
  );
  return {
    model,
    category,
    header_offer: "<p>Oferta <strong>speciala</strong></p>",
    details: "<p>Detalii</p>",
    technical_data: "<ul><li>Greutate 20 t</li></ul>",
    header_photo: await pngPayload("#ff8800"),
    gallery: pictures,
  };
}

export async function createProduct(server: TestServer, token: string, body: ProductBody): Promise<ProductView> {
  return json<ProductView>(await callJson(server, "POST", "/api/product/create", body, token), 201);
}

/** An admin's reply as a public read gives it while the site hides prices (decision 089): without them. */
export function publicShape(product: ProductView): ProductView {
  const { prices: _prices, ...shape } = product;
  return shape;
}

export function versionOf(server: TestServer): Promise<number> {
  return catalogueVersion(server.services.db);
}

/** Deletes a machine (to the trash, decision 074), then purges it: its rows and pictures gone for good. */
export async function deleteProductForGood(server: TestServer, token: string, productId: string): Promise<void> {
  expect((await callJson(server, "DELETE", `/api/product/${productId}`, undefined, token)).status).toBe(204);
  const { items } = await json<{ items: { id: string; itemId: string }[] }>(
    await callJson(server, "GET", "/api/trash", undefined, token),
    200,
  );
  const entry = items.find((item) => item.itemId === productId);
  expect((await callJson(server, "DELETE", `/api/trash/${entry?.id}`, undefined, token)).status).toBe(204);
}

/** A picture's id from its /media address ("" when it names none). */
export const pictureIdOf = (image: string): string => imageIdFromPath(image) ?? "";

/** The product form's update of `product` as it is (its pictures kept by uuid), with `changes` on top. */
export function formUpdateBody(product: ProductView, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    uuid: product.uuid,
    version: product.version,
    model: product.model,
    category: product.category_uuid,
    header_offer: product.header_offer,
    details: product.details,
    technical_data: product.technical_data,
    header_photo: { uuid: pictureIdOf(product.header_photo.image) },
    gallery: product.gallery.map((picture) => ({ uuid: pictureIdOf(picture.image) })),
    ...changes,
  };
}
