import { z } from "zod";
import { actorOf } from "./require-admin.ts";
import { configurationUpdateSchema } from "../../common/schemas/configuration.ts";
import { isPublicConfigurationKey } from "../../common/schemas/configuration-keys.ts";
import { configurationEntries } from "../catalogue/read.ts";
import { updateConfiguration } from "../catalogue/writes-configuration.ts";
import { limitBody } from "../http/body-limit.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { EDIT_CONFLICT } from "./edit-conflict-docs.ts";
import { configurationConflictBody, configurationEntry } from "./reply-schemas.ts";
import { adminRoute, apiRouter, errorReplies, jsonBody, jsonReply, publicRoute } from "./route-factory.ts";

const entries = z.array(configurationEntry);

/**
 * The configuration: the keys the public pages show read by anyone, every key read and changed by the
 * back-office (bearer token) as a list of entries.
 */
export const configurationRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/",
      operationId: "getConfiguration",
      tags: ["configuration"],
      summary: "The settings the public pages show",
      description:
        "The contact (spec §7), whether availability and prices are shown, the currency and the VAT rate. " +
        "The offers' settings, the letterhead and the second factor's switch are read with `GET /api/configuration/all`.",
      responses: { 200: jsonReply("One entry per public key.", entries) },
    }),
    async (c) =>
      c.json(
        (await configurationEntries(c.var.services.db)).filter(({ key }) => isPublicConfigurationKey(key)),
        200,
      ),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/all",
      operationId: "getAllConfiguration",
      right: "configuration",
      tags: ["configuration"],
      summary: "Every setting, as Configurare edits them",
      responses: { 200: jsonReply("One entry per stored key.", entries) },
    }),
    async (c) => c.json(await configurationEntries(c.var.services.db), 200),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/update",
      operationId: "updateConfiguration",
      right: "configuration",
      tags: ["configuration"],
      summary: "Change contact settings",
      description:
        "Entries left out keep their value; the settings that result must pass the contact rules together (the second e-mail and phone come in a pair). " +
        "An entry's `version` (the one its read gave) checks that entry: when another save changed it since, the whole update is refused with 409 " +
        "ERROR_EDIT_CONFLICT and every entry as it is now in `current`. Without versions, the entries overwrite whatever is stored (spec §7).",
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { body: jsonBody(configurationUpdateSchema) },
      responses: {
        200: jsonReply("The settings as stored.", entries),
        ...errorReplies({ 404: "ERROR_UPDATE_CONFIGURATIONS: an entry's uuid is not its key's." }),
        409: jsonReply(
          `ERROR_UPDATE_CONFIGURATIONS: another save created the same key at the same time; try again. ${EDIT_CONFLICT}`,
          configurationConflictBody,
        ),
      },
    }),
    async (c) => c.json(await updateConfiguration(c.var.services, actorOf(c), c.req.valid("json")), 200),
  );
