import { Hono } from "hono";
import { IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES } from "../../common/field-rules.ts";
import { productCreateSchema, productUpdateSchema } from "../../common/schemas/product.ts";
import { requireAdmin } from "../auth/require-admin.ts";
import {
  allProducts,
  productByCategoryAndModel,
  productById,
  productByModel,
  productsOfCategory,
  productsOfCategoryName,
} from "../catalogue/read.ts";
import { changeProduct, createProduct, removeProduct } from "../catalogue/writes-products.ts";
import { limitBody, picturesBodyLimit } from "./body-limit.ts";
import type { ApiEnv } from "../http-env.ts";
import { readJsonBody } from "./json-body.ts";
import { found, uuidParam } from "./params.ts";

/** A header picture and a full gallery. */
const PRODUCT_BODY_LIMIT = picturesBodyLimit(1 + IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES);

/**
 * Fixed prefixes are registered before the two-segment slug route, so they win. Reads are public;
 * writes need the admin's bearer token (POST /create and PUT /update never meet the GET routes).
 */
export const productRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await allProducts(c.var.services.db)))
  .get("/category/name/:name", async (c) => {
    const products = await productsOfCategoryName(c.var.services.db, c.req.param("name"));
    return c.json(found(products, "ERROR_GET_PRODUCT_BY_CATEGORY"));
  })
  .get("/category/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "ERROR_GET_PRODUCT_BY_CATEGORY");
    return c.json(found(await productsOfCategory(c.var.services.db, id), "ERROR_GET_PRODUCT_BY_CATEGORY"));
  })
  .get("/details/model/:model", async (c) => {
    return c.json(found(await productByModel(c.var.services.db, c.req.param("model")), "ERROR_GET_PRODUCT"));
  })
  .get("/details/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "ERROR_GET_PRODUCT");
    return c.json(found(await productById(c.var.services.db, id), "ERROR_GET_PRODUCT"));
  })
  .get("/:uuid", async (c) => {
    const id = uuidParam(c.req.param("uuid"), "ERROR_GET_PRODUCT");
    // Spec §3: a product fetched by uuid comes back as an array.
    return c.json([found(await productById(c.var.services.db, id), "ERROR_GET_PRODUCT")]);
  })
  .get("/:category_name/:product_model", async (c) => {
    const { category_name, product_model } = c.req.param();
    const product = await productByCategoryAndModel(c.var.services.db, category_name, product_model);
    return c.json(found(product, "ERROR_GET_PRODUCT_NAME_BY_CATEGORY"));
  })
  .post("/create", requireAdmin, limitBody(PRODUCT_BODY_LIMIT), async (c) => {
    const input = await readJsonBody(c, productCreateSchema);
    return c.json(await createProduct(c.var.services, input), 201);
  })
  .put("/update", requireAdmin, limitBody(PRODUCT_BODY_LIMIT), async (c) => {
    const input = await readJsonBody(c, productUpdateSchema);
    return c.json(await changeProduct(c.var.services, input));
  })
  .delete("/:id", requireAdmin, async (c) => {
    await removeProduct(c.var.services, uuidParam(c.req.param("id"), "ERROR_DELETE_PRODUCT"));
    return c.body(null, 204);
  });
