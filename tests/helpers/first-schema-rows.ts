import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema.ts";

/**
 * A machine as the first schema stored it (its picture, its category, the product, with only the
 * columns every migration since keeps), for the tests that migrate a database from before a step
 * and check the rows it left valid.
 */
export async function insertFirstSchemaMachine(
  db: Kysely<Database>,
  now: string,
  technicalData = "x",
): Promise<{ image: string; category: string; product: string }> {
  const [image, category, product] = [randomUUID(), randomUUID(), randomUUID()];
  await db
    .insertInto("images")
    .values({
      id: image,
      mime_type: "image/png",
      bytes: new Uint8Array([1]),
      byte_size: 1,
      width: 1,
      height: 1,
      alt: "x",
      created_at: now,
    })
    .execute();
  await db
    .insertInto("categories")
    .values({
      id: category,
      name: "Excavatoare",
      slug: "excavatoare",
      header_image_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("products")
    .values({
      id: product,
      model: "CAT 320",
      slug: "cat-320",
      category_id: category,
      header_offer: "x",
      details: "x",
      technical_data: technicalData,
      header_image_id: image,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { image, category, product };
}
