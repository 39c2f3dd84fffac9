import { z } from "zod";
import { actorOf } from "./require-admin.ts";
import { BANNER_SIZE_LIMIT_BYTES, IMAGE_COUNT_LIMIT } from "../../common/fields/field-rules.ts";
import { bannerCreateSchema, bannerOrderSchema, bannerUpdateSchema } from "../../common/schemas/banner.ts";
import { allBanners } from "../catalogue/read.ts";
import { changeBanner, createBanners, removeBanner, reorderBanners } from "../catalogue/writes-banners.ts";
import { limitBody } from "../http/body-limit.ts";
import { picturesBodyLimit, picturesJsonBounds } from "./body-sizes.ts";
import { bodyInTurns } from "./body-in-turns.ts";
import { found, uuidParam } from "./params.ts";
import { EDIT_CONFLICT, EDIT_VERSION_RULE } from "./edit-conflict-docs.ts";
import { bannerConflictBody, bannerView } from "./reply-schemas.ts";
import {
  PICTURE_LIMIT,
  adminRoute,
  apiRouter,
  errorReplies,
  idParams,
  jsonBody,
  jsonReply,
  objectBody,
  publicRoute,
} from "./route-factory.ts";

const banners = z.array(bannerView);

const bannerBodyInTurns = bodyInTurns(picturesJsonBounds(BANNER_SIZE_LIMIT_BYTES));

/**
 * The layout pre-loads the first banner and fetches the rest a second later (spec §2):
 * /banner/first is that first one, /banner the rest, /banner/all every banner. Writes need the
 * admin's bearer token; creating takes up to five pictures (the API's global body limit fits them).
 */
export const bannerRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/",
      operationId: "listBannersAfterFirst",
      tags: ["banners"],
      summary: "The banners after the first",
      description: "The layout pre-loads the first banner and fetches these a second later.",
      responses: { 200: jsonReply("Every banner but the first, in order.", banners) },
    }),
    async (c) => c.json((await allBanners(c.var.services.db)).slice(1), 200),
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/all",
      operationId: "listBanners",
      tags: ["banners"],
      summary: "All banners",
      responses: { 200: jsonReply("The banners, in order.", banners) },
    }),
    async (c) => c.json(await allBanners(c.var.services.db), 200),
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/first",
      operationId: "getFirstBanner",
      tags: ["banners"],
      summary: "The first banner",
      responses: {
        200: jsonReply("The first banner.", bannerView),
        ...errorReplies({ 404: "ERROR_GET_BANNER_PHOTOS: there is no banner." }),
      },
    }),
    async (c) => c.json(found((await allBanners(c.var.services.db))[0], "ERROR_GET_BANNER_PHOTOS"), 200),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/create",
      operationId: "createBanners",
      right: "catalogue.write",
      tags: ["banners"],
      summary: "Add banners",
      middleware: [limitBody(picturesBodyLimit(IMAGE_COUNT_LIMIT, BANNER_SIZE_LIMIT_BYTES)), bannerBodyInTurns],
      // The schema's preprocess step is not described by the converter: its target shape is.
      description:
        "Up to five pictures in base64, added after the others. A bare list of pictures is accepted as `{ banner: [...] }`.",
      request: { body: jsonBody(bannerCreateSchema) },
      responses: { 201: jsonReply("The banners added.", banners), ...errorReplies({ 413: PICTURE_LIMIT }) },
    }),
    async (c) => c.json(await createBanners(c.var.services, actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/update",
      operationId: "updateBanner",
      right: "catalogue.write",
      tags: ["banners"],
      summary: "Change a banner's picture or alt text",
      description: EDIT_VERSION_RULE,
      middleware: [limitBody(picturesBodyLimit(1, BANNER_SIZE_LIMIT_BYTES)), bannerBodyInTurns],
      request: { body: objectBody(bannerUpdateSchema) },
      responses: {
        200: jsonReply("Changed.", bannerView),
        ...errorReplies({ 404: "ERROR_UPDATE_BANNER: no banner has this uuid.", 413: PICTURE_LIMIT }),
        409: jsonReply(EDIT_CONFLICT, bannerConflictBody),
      },
    }),
    async (c) => c.json(await changeBanner(c.var.services, actorOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/order",
      operationId: "reorderBanners",
      right: "catalogue.write",
      tags: ["banners"],
      summary: "Put the banners in a new order",
      description:
        "Every banner's uuid exactly once, the first shown first (the admin screen's reorder; not in spec §7).",
      request: { body: objectBody(bannerOrderSchema) },
      responses: { 200: jsonReply("All banners, in the new order.", banners) },
    }),
    async (c) => c.json(await reorderBanners(c.var.services, actorOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteBanner",
      right: "catalogue.write",
      tags: ["banners"],
      summary: "Delete a banner",
      request: { params: idParams },
      responses: {
        204: { description: "Deleted." },
        ...errorReplies({ 404: "ERROR_DELETE_BANNER_PHOTO: no banner has this id." }),
      },
    }),
    async (c) => {
      await removeBanner(c.var.services, actorOf(c), uuidParam(c.req.valid("param").id, "ERROR_DELETE_BANNER_PHOTO"));
      return c.body(null, 204);
    },
  );
