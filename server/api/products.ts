import { Hono } from "hono";
import {
  allProducts,
  productByCategoryAndModel,
  productById,
  productByModel,
  productsOfCategory,
  productsOfCategoryName,
} from "../catalogue/views.ts";
import type { ApiEnv } from "./env.ts";
import { found, uuidParam } from "./params.ts";

/** Fixed prefixes are registered before the two-segment slug route, so they win. */
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
  });
