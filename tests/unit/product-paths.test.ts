import { describe, expect, it } from "vitest";
import { RESERVED_CATEGORY_SLUGS, categoryCreateSchema } from "../../common/schemas/category.ts";
import { productRoutes } from "../../server/api/products.ts";

/**
 * GET /api/product/{category_name}/{product_model} (spec §7) shares its shape with every GET of the
 * products' router of two segments whose first is fixed: a category slugged as that segment would
 * have its machines answered by the other call. Each such segment is a reserved slug, refused as a
 * category's name.
 */
describe("the product calls' fixed segments", () => {
  const fixedFirstSegments = [
    ...new Set(
      productRoutes.routes
        .filter(({ method }) => method === "GET")
        .map(({ path }) => path.split("/").filter(Boolean))
        .filter((segments) => segments.length === 2 && !segments[0].startsWith(":"))
        .map((segments) => segments[0]),
    ),
  ];

  it("are the two-segment GETs category/, details/ and edit/", () => {
    expect(fixedFirstSegments.sort()).toEqual(["category", "details", "edit"]);
  });

  it("are each a reserved category slug, its name refused", () => {
    for (const segment of fixedFirstSegments) {
      expect(RESERVED_CATEGORY_SLUGS).toContain(segment);
      const refused = categoryCreateSchema.safeParse({ name: segment[0].toUpperCase() + segment.slice(1) });
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["RESERVED_CATEGORY_NAME"]);
    }
  });
});
