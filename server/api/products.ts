import { z } from "zod";
import { IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES } from "../../common/fields/field-rules.ts";
import { productCreateSchema, productUpdateSchema } from "../../common/schemas/product.ts";
import {
  allProducts,
  productByCategoryAndModel,
  productById,
  productByModel,
  productsOfCategory,
  productsOfCategoryName,
} from "../catalogue/read.ts";
import { changeProduct, createProduct, removeProduct } from "../catalogue/writes-products.ts";
import { withAdminPrices, withPublicPrice, withPublicPrices } from "../catalogue/product-prices.ts";
import { limitBody } from "../http/body-limit.ts";
import { picturesBodyLimit, picturesJsonBounds } from "./body-sizes.ts";
import { bodyInTurns } from "./body-in-turns.ts";
import { found, uuidParam } from "./params.ts";
import { actorOf } from "./require-admin.ts";
import { EDIT_CONFLICT, EDIT_VERSION_RULE } from "./edit-conflict-docs.ts";
import { productConflictBody, productView } from "./reply-schemas.ts";
import {
  PICTURE_LIMIT,
  adminRoute,
  apiRouter,
  errorReplies,
  idParams,
  jsonReply,
  objectBody,
  publicRoute,
} from "./route-factory.ts";

/** A header picture and a full gallery. */
const PRODUCT_BODY_LIMIT = picturesBodyLimit(1 + IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES);
const productBodyInTurns = bodyInTurns(picturesJsonBounds(IMAGE_SIZE_LIMIT_BYTES));

const products = z.array(productView);

/** How the product payloads' specification values are checked, for the documentation of both writes. */
const specificationValueRules =
  " `specifications` (optional, decision 057) holds values of the named category's specifications by uuid; each is refused at " +
  "`specifications.<uuid>` with UNKNOWN_PRODUCT_SPECIFICATION, PRODUCT_SPECIFICATION_NOT_IN_CATEGORY, INVALID_PRODUCT_SPECIFICATION_NUMBER " +
  "(not a finite number, over 3 decimals), PRODUCT_SPECIFICATION_OUT_OF_RANGE (over 1e9 either way), UNKNOWN_PRODUCT_SPECIFICATION_OPTION, " +
  "INVALID_PRODUCT_SPECIFICATION_YES_NO or INVALID_PRODUCT_SPECIFICATION_TEXT (not { ro, en }, over 120 characters); " +
  "INVALID_PRODUCT_SPECIFICATIONS when the field is not an object, TOO_MANY_PRODUCT_SPECIFICATIONS at `specifications` when it has " +
  "more keys than a category has specifications (30), before any key is looked up; a key that is not a uuid (`__proto__` " +
  "included) is UNKNOWN_PRODUCT_SPECIFICATION.";
const notInCategory = { 404: "ERROR_GET_PRODUCT_BY_CATEGORY: no such category." };
const noProduct = { 404: "ERROR_GET_PRODUCT: no product has this id." };

/** How the product payloads' prices are checked, for the documentation of both writes. */
const priceRules =
  " `prices` (optional, decision 089): amounts in minor units without VAT; each refused at `prices.<key>` with INVALID_PRICE_AMOUNT " +
  "(not a number), PRICE_AMOUNT_NEGATIVE, PRICE_AMOUNT_NOT_WHOLE (not whole minor units), PRICE_AMOUNT_TOO_LARGE (over 10^9); " +
  "PRICE_RATE_WITHOUT_DAY_RATE at `prices.week` or `prices.month` without a day rate, PRICE_MINIMUM_DAYS_OUT_OF_RANGE (not a whole " +
  "number from 1 to 366), INVALID_PRICE_ON_REQUEST (not a boolean), INVALID_PRODUCT_PRICES when the field is not an object. " +
  "Left out, an update keeps the stored prices. Public reads carry `prices` only while the configuration's `show_prices` is true " +
  "(without rates for a machine `on_request`); the admin's replies always.";

/**
 * Fixed prefixes are registered before the two-segment slug route, so they win. Reads are public;
 * writes need the admin's bearer token (POST /create and PUT /update never meet the GET routes).
 */
export const productRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/",
      operationId: "listProducts",
      tags: ["products"],
      summary: "All products",
      responses: { 200: jsonReply("The products.", products) },
    }),
    async (c) => c.json(await withPublicPrices(c.var.services, await allProducts(c.var.services.db)), 200),
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/category/name/{name}",
      operationId: "listProductsOfCategoryName",
      tags: ["products"],
      summary: "The products of a category, by its name",
      request: {
        params: z.object({
          name: z.string().meta({ description: "The category's name or slug (they are compared as slugs)." }),
        }),
      },
      responses: { 200: jsonReply("The category's products (maybe none).", products), ...errorReplies(notInCategory) },
    }),
    async (c) => {
      const { db } = c.var.services;
      const list = found(await productsOfCategoryName(db, c.req.valid("param").name), "ERROR_GET_PRODUCT_BY_CATEGORY");
      return c.json(await withPublicPrices(c.var.services, list), 200);
    },
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/category/{id}",
      operationId: "listProductsOfCategory",
      tags: ["products"],
      summary: "The products of a category, by its id",
      request: { params: idParams },
      responses: { 200: jsonReply("The category's products (maybe none).", products), ...errorReplies(notInCategory) },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_GET_PRODUCT_BY_CATEGORY");
      const { db } = c.var.services;
      return c.json(
        await withPublicPrices(
          c.var.services,
          found(await productsOfCategory(db, id), "ERROR_GET_PRODUCT_BY_CATEGORY"),
        ),
        200,
      );
    },
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/details/model/{model}",
      operationId: "getProductByModel",
      tags: ["products"],
      summary: "One product, by its model",
      request: {
        params: z.object({
          model: z.string().meta({ description: "The product's model or slug (they are compared as slugs)." }),
        }),
      },
      responses: {
        200: jsonReply("The product.", productView),
        ...errorReplies({ 404: "ERROR_GET_PRODUCT: no such product." }),
      },
    }),
    async (c) => {
      const { db } = c.var.services;
      return c.json(
        found(
          await withPublicPrice(c.var.services, await productByModel(db, c.req.valid("param").model)),
          "ERROR_GET_PRODUCT",
        ),
        200,
      );
    },
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/details/{id}",
      operationId: "getProduct",
      tags: ["products"],
      summary: "One product, by its id",
      request: { params: idParams },
      responses: { 200: jsonReply("The product.", productView), ...errorReplies(noProduct) },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_GET_PRODUCT");
      const { db } = c.var.services;
      return c.json(found(await withPublicPrice(c.var.services, await productById(db, id)), "ERROR_GET_PRODUCT"), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/edit/{id}",
      operationId: "getProductToEdit",
      right: "catalogue.read",
      tags: ["products"],
      summary: "One product as the admin's form edits it, with its prices",
      description:
        "The product of /product/details/{id} with every price it has (decision 089), whatever the site shows.",
      request: { params: idParams },
      responses: { 200: jsonReply("The product.", productView), ...errorReplies(noProduct) },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_GET_PRODUCT");
      const { db } = c.var.services;
      return c.json(await withAdminPrices(db, found(await productById(db, id), "ERROR_GET_PRODUCT")), 200);
    },
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/{id}",
      operationId: "getProductAsList",
      tags: ["products"],
      summary: "One product, by its id, as a list",
      description: "The same product as /product/details/{id}, in a one-element array (spec §3).",
      request: { params: idParams },
      responses: { 200: jsonReply("A list holding the product.", products), ...errorReplies(noProduct) },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_GET_PRODUCT");
      const { db } = c.var.services;
      return c.json(
        [found(await withPublicPrice(c.var.services, await productById(db, id)), "ERROR_GET_PRODUCT")],
        200,
      );
    },
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/{category_name}/{product_model}",
      operationId: "getProductOfCategory",
      tags: ["products"],
      summary: "One product of a category, by both slugs",
      description: "The product page's lookup: a model is not found under another category.",
      request: {
        params: z.object({
          category_name: z.string().meta({ description: "The category's slug (or name)." }),
          product_model: z.string().meta({ description: "The product's slug (or model)." }),
        }),
      },
      responses: {
        200: jsonReply("The product.", productView),
        ...errorReplies({ 404: "ERROR_GET_PRODUCT_NAME_BY_CATEGORY: no such product in this category." }),
      },
    }),
    async (c) => {
      const { category_name, product_model } = c.req.valid("param");
      const { db } = c.var.services;
      const product = await withPublicPrice(
        c.var.services,
        await productByCategoryAndModel(db, category_name, product_model),
      );
      return c.json(found(product, "ERROR_GET_PRODUCT_NAME_BY_CATEGORY"), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/create",
      operationId: "createProduct",
      right: "catalogue.write",
      tags: ["products"],
      summary: "Create a product",
      description:
        "Pictures are sent as base64 with their declared type; the stored type is read from the bytes. `category` is the category's name (or id)." +
        specificationValueRules +
        priceRules,
      middleware: [limitBody(PRODUCT_BODY_LIMIT), productBodyInTurns],
      request: { body: objectBody(productCreateSchema) },
      responses: {
        201: jsonReply("Created.", productView),
        ...errorReplies({ 409: "ERROR_PRODUCT_EXIST: the model (as a slug) is taken.", 413: PICTURE_LIMIT }),
      },
    }),
    async (c) => c.json(await createProduct(c.var.services, actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/update",
      operationId: "updateProduct",
      right: "catalogue.write",
      tags: ["products"],
      summary: "Change a product",
      description:
        "The whole product is sent again; a picture sent by `uuid` without `image` is kept as it is." +
        specificationValueRules +
        priceRules +
        " Left out, the stored values stay; when the category changes, the values of specifications both categories share (same Romanian name, " +
        "case and diacritics aside, kind and unit) are carried and the others dropped. " +
        EDIT_VERSION_RULE,
      middleware: [limitBody(PRODUCT_BODY_LIMIT), productBodyInTurns],
      request: { body: objectBody(productUpdateSchema) },
      responses: {
        200: jsonReply("Changed.", productView),
        ...errorReplies({ 404: "ERROR_UPDATE_PRODUCT: no product has this uuid.", 413: PICTURE_LIMIT }),
        409: jsonReply(
          `ERROR_PRODUCT_EXIST: the model is taken; ERROR_UPDATE_PRODUCT: a kept picture was removed meanwhile; PRODUCT_UNITS_BELOW_BOOKINGS: fewer units than the confirmed bookings take on the days listed in \`conflicts\` (send \`confirm_overbooking: true\` to save anyway); ${EDIT_CONFLICT}`,
          productConflictBody,
        ),
      },
    }),
    async (c) => c.json(await changeProduct(c.var.services, actorOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteProduct",
      right: "catalogue.write",
      tags: ["products"],
      summary: "Delete a product",
      request: { params: idParams },
      responses: {
        204: { description: "Deleted." },
        ...errorReplies({ 404: "ERROR_DELETE_PRODUCT: no product has this id." }),
      },
    }),
    async (c) => {
      await removeProduct(c.var.services, actorOf(c), uuidParam(c.req.valid("param").id, "ERROR_DELETE_PRODUCT"));
      return c.body(null, 204);
    },
  );
