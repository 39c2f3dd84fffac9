import { z } from "zod";
import {
  bannerViewSchema,
  categoryViewSchema,
  configurationEntrySchema,
  productViewSchema,
  versionViewSchema,
} from "../../common/catalogue.ts";
import { isErrorCode, type ErrorBody, type ErrorCode, type ValidationErrorBody } from "../../common/error-codes.ts";
import {
  changePasswordSchema,
  loginSchema,
  refreshSchema,
  rejectSchema,
  resetRequestSchema,
  resetVerifySchema,
} from "../../common/schemas/auth.ts";
import { bannerCreateSchema, bannerUpdateSchema } from "../../common/schemas/banner.ts";
import { categoryCreateSchema, categoryUpdateSchema } from "../../common/schemas/category.ts";
import { configurationUpdateSchema } from "../../common/schemas/configuration.ts";
import { productCreateSchema, productUpdateSchema } from "../../common/schemas/product.ts";
import { contactSchema } from "../../common/schemas/contact.ts";
import type { TokenPair } from "../auth/sessions.ts";
import type { ErrorStatus } from "../errors.ts";

/**
 * What each route of server/api says about itself in /api/openapi.json: the routes stay plain Hono
 * (docs/decisions.md), and tests/api/openapi.test.ts keeps this list and the routes in step. Bodies
 * are the very schemas the routes validate with; `.meta({ id })` makes a copy that carries only the
 * component's name (zod-to-openapi reads it), so the rules described are the rules applied.
 */

// The error bodies of DESIGN.md § API conventions, as the one error handler renders them.
const errorCode = z
  .custom<ErrorCode>(isErrorCode)
  .meta({ type: "string", description: "A code of the error catalogue; the client shows its message in the reader's language." });

const errorBody = z
  .object({
    error: z.object({
      code: errorCode,
      message: z.string().meta({ description: "The code's message in Romanian." }),
      id: z.string().optional().meta({ description: "Only on a 500: names the failure in the server's log." }),
    }),
  })
  .meta({ id: "ErrorBody" }) satisfies z.ZodType<ErrorBody>;

const validationErrorBody = z
  .object({
    errors: z.array(
      z.object({
        msg: errorCode,
        path: z.string().meta({ description: "The field, dotted for nested ones (`gallery.0.image`)." }),
      }),
    ),
  })
  .meta({ id: "ValidationErrorBody" }) satisfies z.ZodType<ValidationErrorBody>;

export const errorBodies = { errorBody, validationErrorBody };

// Replies without a schema in common/ (the session calls answer with server types).
const tokenPair = z
  .object({
    token: z.string().meta({ description: "The access token (JWT): send it as `Authorization: Bearer …`." }),
    refreshToken: z.string().meta({ description: "Single use: trade it at /api/token/refresh for a new pair." }),
  })
  .meta({ id: "TokenPair" }) satisfies z.ZodType<TokenPair>;

const account = z.object({ username: z.string(), email: z.string() }).meta({ id: "Account" });

// The catalogue's replies (common/catalogue.ts).
const categoryView = categoryViewSchema.meta({ id: "CategoryView" });
const productView = productViewSchema.meta({ id: "ProductView" });
const bannerView = bannerViewSchema.meta({ id: "BannerView" });
const configurationEntry = configurationEntrySchema.meta({ id: "ConfigurationEntry" });
const versionView = versionViewSchema.meta({ id: "VersionView" });

const contactCreated = z.object({ id: z.uuid() }).meta({ id: "ContactCreated" });
const altchaChallenge = z
  .object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() })
  .meta({ id: "AltchaChallenge", description: "Solve with altcha-lib's solveChallenge; send base64(JSON { challenge, solution })." });

/**
 * The refresh call's `user` is read with `.catch(undefined)` (any value is ignored), which
 * zod-to-openapi cannot convert: the same field schema is described as the optional string it is meant to be.
 */
const refreshBody = refreshSchema.extend({
  user: refreshSchema.shape.user.meta({ type: "string", description: "The user name the client decoded from its token; not used." }),
});

export type ApiTag = "auth" | "categories" | "products" | "banners" | "configuration" | "contact" | "version" | "documentation";

export const API_TAGS: readonly { name: ApiTag; description: string }[] = [
  { name: "auth", description: "Log in, keep the session fresh, log out, change or reset the password." },
  { name: "categories", description: "The product categories: public reads, admin writes." },
  { name: "products", description: "The equipment for rent: public reads, admin writes. Pictures travel as base64." },
  { name: "banners", description: "The home page's banner pictures: public reads, admin writes." },
  { name: "configuration", description: "The contact settings every page shows." },
  { name: "contact", description: "The contact / quote request form and its captcha." },
  { name: "version", description: "What is running." },
  { name: "documentation", description: "This description of the API." },
];

/** The path segments a route may name, and what they hold. */
export const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  uuid: "The record's id (a UUID); any other text is answered 404.",
  id: "The record's id (a UUID); any other text is answered 404.",
  name: "The category's name or slug (they are compared as slugs).",
  model: "The product's model or slug (they are compared as slugs).",
  category_name: "The category's slug (or name).",
  product_model: "The product's slug (or model).",
};

export interface ApiOperation {
  method: "get" | "post" | "put" | "delete";
  /** Under the API base path, with OpenAPI `{param}` segments. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** Guarded by requireAdmin: needs the admin's bearer token. */
  admin?: true;
  /** The JSON body, as the route validates it. */
  body?: z.ZodType;
  /** The reply on success; no schema means no body. */
  ok: { status: 200 | 201 | 204; description: string; schema?: z.ZodType; mediaType?: "application/json" | "text/html" };
  /** Failures particular to this call (the generic 400/401/413 are added from `body` and `admin`). */
  errors?: Partial<Record<ErrorStatus, string>>;
}

const pictureLimit = "ERROR_PAYLOAD_TOO_LARGE: the body is over the call's limit; ERROR_IMAGE_TOO_LARGE: a picture is over its size or pixel limit.";
const throttled = "ERROR_TOO_MANY_REQUESTS: too many attempts from this address; `Retry-After` says when to try again.";

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Sessions (spec §7).
  {
    method: "post",
    path: "/login",
    tag: "auth",
    summary: "Log in",
    description: "Trades the admin's user name and password for an access token and a refresh token. Failed attempts are throttled per address.",
    body: loginSchema,
    ok: { status: 200, description: "Logged in.", schema: tokenPair },
    errors: { 401: "USER_LOGIN_FAILED: wrong user name or password.", 429: throttled },
  },
  {
    method: "post",
    path: "/token/refresh",
    tag: "auth",
    summary: "Refresh the session",
    description: "Trades a refresh token for a new pair; the old one is used up. Presenting a used token again ends the whole session.",
    body: refreshBody,
    ok: { status: 200, description: "A new token pair.", schema: tokenPair },
    errors: { 401: "ERROR_UNAUTHORIZED: the refresh token is unknown, used, expired or revoked." },
  },
  {
    method: "post",
    path: "/token/reject",
    tag: "auth",
    summary: "Reject a refresh token",
    description: "Ends every session of the token's user. An unknown token is accepted silently.",
    body: rejectSchema,
    ok: { status: 204, description: "Done." },
  },
  {
    method: "get",
    path: "/logout",
    tag: "auth",
    summary: "Log out",
    description: "Ends every session of the signed-in user.",
    admin: true,
    ok: { status: 204, description: "Logged out." },
  },
  {
    method: "get",
    path: "/me",
    tag: "auth",
    summary: "The signed-in account",
    description: "Lets the admin screens check a stored token and show who is signed in.",
    admin: true,
    ok: { status: 200, description: "The account.", schema: account },
  },
  {
    method: "post",
    path: "/change",
    tag: "auth",
    summary: "Change the password",
    description: "Every session ends, this one included; the reply carries its successor.",
    admin: true,
    body: changePasswordSchema,
    ok: { status: 200, description: "Changed; a new token pair.", schema: tokenPair },
    errors: { 400: "One `errors` entry per invalid field (ERROR_OLD_PASSWORD_INCORRECT on `oldPassword` when it is wrong), or ERROR_BAD_REQUEST when the body is not JSON." },
  },
  {
    method: "post",
    path: "/reset",
    tag: "auth",
    summary: "Ask for a password reset e-mail",
    description: "Mails a reset link, valid for an hour, when the address is the admin's. The reply is the same either way.",
    body: resetRequestSchema,
    ok: { status: 204, description: "Accepted." },
    errors: { 429: throttled },
  },
  {
    method: "post",
    path: "/change/verify",
    tag: "auth",
    summary: "Set a new password with a reset token",
    description: "The token comes from the reset e-mail's link and works once. Every session ends.",
    body: resetVerifySchema,
    ok: { status: 204, description: "The password is set." },
    errors: {
      400: "One `errors` entry per invalid field; ERROR_RESET_TOKEN_INVALID when the token is unknown, expired or used; ERROR_BAD_REQUEST when the body is not JSON.",
      429: throttled,
    },
  },

  // Categories.
  {
    method: "get",
    path: "/category",
    tag: "categories",
    summary: "All categories",
    ok: { status: 200, description: "The categories, by name.", schema: z.array(categoryView) },
  },
  {
    method: "get",
    path: "/category/{uuid}",
    tag: "categories",
    summary: "One category",
    ok: { status: 200, description: "The category.", schema: categoryView },
    errors: { 404: "ERROR_GET_CATEGORY: no category has this id." },
  },
  {
    method: "post",
    path: "/category/create",
    tag: "categories",
    summary: "Create a category",
    admin: true,
    body: categoryCreateSchema,
    ok: { status: 201, description: "Created.", schema: categoryView },
    errors: { 409: "ERROR_CATEGORY_EXIST: the name (as a slug) is taken." },
  },
  {
    method: "put",
    path: "/category/update",
    tag: "categories",
    summary: "Rename a category",
    admin: true,
    body: categoryUpdateSchema,
    ok: { status: 200, description: "Renamed.", schema: categoryView },
    errors: { 404: "ERROR_UPDATE_CATEGORY: no category has this uuid.", 409: "ERROR_CATEGORY_EXIST: the name (as a slug) is taken." },
  },
  {
    method: "delete",
    path: "/category/{id}",
    tag: "categories",
    summary: "Delete a category",
    description: "Its products stay, shown under 'Necunoscut'.",
    admin: true,
    ok: { status: 204, description: "Deleted." },
    errors: { 404: "ERROR_DELETE_CATEGORY: no category has this id." },
  },

  // Products.
  {
    method: "get",
    path: "/product",
    tag: "products",
    summary: "All products",
    ok: { status: 200, description: "The products.", schema: z.array(productView) },
  },
  {
    method: "get",
    path: "/product/category/name/{name}",
    tag: "products",
    summary: "The products of a category, by its name",
    ok: { status: 200, description: "The category's products (maybe none).", schema: z.array(productView) },
    errors: { 404: "ERROR_GET_PRODUCT_BY_CATEGORY: no such category." },
  },
  {
    method: "get",
    path: "/product/category/{id}",
    tag: "products",
    summary: "The products of a category, by its id",
    ok: { status: 200, description: "The category's products (maybe none).", schema: z.array(productView) },
    errors: { 404: "ERROR_GET_PRODUCT_BY_CATEGORY: no category has this id." },
  },
  {
    method: "get",
    path: "/product/details/model/{model}",
    tag: "products",
    summary: "One product, by its model",
    ok: { status: 200, description: "The product.", schema: productView },
    errors: { 404: "ERROR_GET_PRODUCT: no such product." },
  },
  {
    method: "get",
    path: "/product/details/{id}",
    tag: "products",
    summary: "One product, by its id",
    ok: { status: 200, description: "The product.", schema: productView },
    errors: { 404: "ERROR_GET_PRODUCT: no product has this id." },
  },
  {
    method: "get",
    path: "/product/{uuid}",
    tag: "products",
    summary: "One product, by its id, as a list",
    description: "The same product as /product/details/{id}, in a one-element array (spec §3).",
    ok: { status: 200, description: "A list holding the product.", schema: z.array(productView) },
    errors: { 404: "ERROR_GET_PRODUCT: no product has this id." },
  },
  {
    method: "get",
    path: "/product/{category_name}/{product_model}",
    tag: "products",
    summary: "One product of a category, by both slugs",
    description: "The product page's lookup: a model is not found under another category.",
    ok: { status: 200, description: "The product.", schema: productView },
    errors: { 404: "ERROR_GET_PRODUCT_NAME_BY_CATEGORY: no such product in this category." },
  },
  {
    method: "post",
    path: "/product/create",
    tag: "products",
    summary: "Create a product",
    description: "Pictures are sent as base64 with their declared type; the stored type is read from the bytes. `category` is the category's name (or id).",
    admin: true,
    body: productCreateSchema,
    ok: { status: 201, description: "Created.", schema: productView },
    errors: { 409: "ERROR_PRODUCT_EXIST: the model (as a slug) is taken.", 413: pictureLimit },
  },
  {
    method: "put",
    path: "/product/update",
    tag: "products",
    summary: "Change a product",
    description: "The whole product is sent again; a picture sent by `uuid` without `image` is kept as it is.",
    admin: true,
    body: productUpdateSchema,
    ok: { status: 200, description: "Changed.", schema: productView },
    errors: {
      404: "ERROR_UPDATE_PRODUCT: no product has this uuid.",
      409: "ERROR_PRODUCT_EXIST: the model is taken; ERROR_UPDATE_PRODUCT: a kept picture was removed meanwhile.",
      413: pictureLimit,
    },
  },
  {
    method: "delete",
    path: "/product/{id}",
    tag: "products",
    summary: "Delete a product",
    admin: true,
    ok: { status: 204, description: "Deleted." },
    errors: { 404: "ERROR_DELETE_PRODUCT: no product has this id." },
  },

  // Banners (docs/decisions.md § 5).
  {
    method: "get",
    path: "/banner",
    tag: "banners",
    summary: "The banners after the first",
    description: "The layout pre-loads the first banner and fetches these a second later.",
    ok: { status: 200, description: "Every banner but the first, in order.", schema: z.array(bannerView) },
  },
  {
    method: "get",
    path: "/banner/all",
    tag: "banners",
    summary: "All banners",
    ok: { status: 200, description: "The banners, in order.", schema: z.array(bannerView) },
  },
  {
    method: "get",
    path: "/banner/first",
    tag: "banners",
    summary: "The first banner",
    ok: { status: 200, description: "The first banner.", schema: bannerView },
    errors: { 404: "ERROR_GET_BANNER_PHOTOS: there is no banner." },
  },
  {
    method: "post",
    path: "/banner/create",
    tag: "banners",
    summary: "Add banners",
    // The schema's preprocess step is not described by the converter: its target shape is.
    description: "Up to five pictures in base64, added after the others. A bare list of pictures is accepted as `{ banner: [...] }`.",
    admin: true,
    body: bannerCreateSchema,
    ok: { status: 201, description: "The banners added.", schema: z.array(bannerView) },
    errors: { 413: pictureLimit },
  },
  {
    method: "put",
    path: "/banner/update",
    tag: "banners",
    summary: "Change a banner's picture or alt text",
    admin: true,
    body: bannerUpdateSchema,
    ok: { status: 200, description: "Changed.", schema: bannerView },
    errors: { 404: "ERROR_UPDATE_BANNER: no banner has this uuid.", 413: pictureLimit },
  },
  {
    method: "delete",
    path: "/banner/{id}",
    tag: "banners",
    summary: "Delete a banner",
    admin: true,
    ok: { status: 204, description: "Deleted." },
    errors: { 404: "ERROR_DELETE_BANNER_PHOTO: no banner has this id." },
  },

  // Configuration.
  {
    method: "get",
    path: "/configuration",
    tag: "configuration",
    summary: "The contact settings",
    ok: { status: 200, description: "One entry per key.", schema: z.array(configurationEntry) },
  },
  {
    method: "put",
    path: "/configuration/update",
    tag: "configuration",
    summary: "Change contact settings",
    description: "Entries left out keep their value; the settings that result must pass the contact rules together (the second e-mail and phone come in a pair).",
    admin: true,
    body: configurationUpdateSchema,
    ok: { status: 200, description: "The settings as stored.", schema: z.array(configurationEntry) },
    errors: {
      404: "ERROR_UPDATE_CONFIGURATIONS: an entry's uuid is not its key's.",
      409: "ERROR_UPDATE_CONFIGURATIONS: another save created the same key at the same time; try again.",
    },
  },

  // Contact requests (issue 9).
  {
    method: "get",
    path: "/contact/challenge",
    tag: "contact",
    summary: "An ALTCHA challenge for the contact form",
    description: "Signed with the server's secret, valid 10 minutes; the browser solves it and sends the answer as `recaptcha`. 404 unless CAPTCHA_PROVIDER is altcha.",
    ok: { status: 200, description: "The challenge (altcha-lib 2 format).", schema: altchaChallenge },
    errors: { 404: "ERROR_NOT_FOUND: another captcha provider is configured." },
  },
  {
    method: "post",
    path: "/contact",
    tag: "contact",
    summary: "Send a contact or quote request",
    description:
      "Stores the request and the e-mail that reports it to the company (contact_mail_to, contact_mail_to_second) in one transaction, then delivers it with retries. E-mail and phone are each required while the other is empty or invalid. Limited per address; bodies over 32 KB are refused.",
    body: contactSchema,
    ok: { status: 201, description: "Stored; the request's id.", schema: contactCreated },
    errors: {
      400: "One `errors` entry per invalid field (INVALID_CAPTCHA_TOKEN on a wrong or expired captcha answer), or ERROR_BAD_REQUEST when the body is not JSON.",
      409: "ERROR_RECAPTCHA_TOKEN: this captcha answer was used already, or the same request came from the same sender within 10 minutes.",
      413: "ERROR_PAYLOAD_TOO_LARGE: the body is over 32 KB.",
      429: throttled,
      503: "ERROR_CAPTCHA_UNAVAILABLE: the captcha provider could not be reached; try again.",
    },
  },

  {
    method: "get",
    path: "/version",
    tag: "version",
    summary: "The running version",
    ok: { status: 200, description: "The package version and the checkout's last commit.", schema: versionView },
  },

  {
    method: "get",
    path: "/openapi.json",
    tag: "documentation",
    summary: "This API as an OpenAPI 3.1 document",
    ok: { status: 200, description: "The document.", schema: z.record(z.string(), z.unknown()) },
  },
  {
    method: "get",
    path: "/docs",
    tag: "documentation",
    summary: "This API as a web page",
    ok: { status: 200, description: "The page.", schema: z.string(), mediaType: "text/html" },
  },
];
