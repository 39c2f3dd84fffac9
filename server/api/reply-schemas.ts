import { accountSchema } from "../../common/team/team-schemas.ts";
import { z } from "zod";
import { bookingViewSchema, overbookedDaySchema } from "../../common/bookings/booking-schemas.ts";
import {
  bannerViewSchema,
  categoryViewSchema,
  configurationEntrySchema,
  productViewSchema,
  versionViewSchema,
} from "../../common/catalogue/catalogue-views.ts";
import {
  isErrorCode,
  type ErrorBody,
  type ErrorCode,
  type ValidationErrorBody,
} from "../../common/errors/error-codes.ts";
import { affectedSpecificationSchema } from "../../common/specifications/specification-input.ts";
import type { TokenPair } from "../auth/sessions.ts";

/**
 * The reply bodies the routes declare, named for the OpenAPI document's components. `.meta({ id })`
 * makes a copy that carries only the component's name, so the shapes stay those of common/.
 */

const errorCode = z.custom<ErrorCode>(isErrorCode).meta({
  type: "string",
  description: "A code of the error catalogue; the client shows its message in the reader's language.",
});

/** The error bodies of DESIGN.md § API conventions, as the one error handler renders them. */
export const errorBody = z
  .object({
    error: z.object({
      code: errorCode,
      message: z.string().meta({ description: "The code's message in Romanian." }),
      id: z.string().optional().meta({ description: "Only on a 500: names the failure in the server's log." }),
    }),
  })
  .meta({ id: "ErrorBody" }) satisfies z.ZodType<ErrorBody>;

export const validationErrorBody = z
  .object({
    errors: z.array(
      z.object({
        msg: errorCode,
        path: z.string().meta({ description: "The field, dotted for nested ones (`gallery.0.image`)." }),
      }),
    ),
  })
  .meta({ id: "ValidationErrorBody" }) satisfies z.ZodType<ValidationErrorBody>;

/**
 * The fields a 409 ERROR_EDIT_CONFLICT adds to the error (decision 068): the record as another save
 * left it, and when.
 */
function editConflictFields<Current extends z.ZodType>(current: Current) {
  return {
    current: current.optional().meta({
      description:
        "ERROR_EDIT_CONFLICT only: the record as it is now, its new `version` among its fields; send that version to overwrite it knowingly.",
    }),
    saved_at: z
      .string()
      .optional()
      .meta({ description: "ERROR_EDIT_CONFLICT only: when that other save was made (ISO 8601), where it is kept." }),
  };
}

/** An update's 409 that may be ERROR_EDIT_CONFLICT, with the record as it is now. */
function editConflictBody<Current extends z.ZodType, Extra extends z.ZodRawShape>(
  current: Current,
  id: string,
  extra: Extra = {} as Extra,
) {
  return z.object({ error: errorBody.shape.error.extend({ ...extra, ...editConflictFields(current) }) }).meta({ id });
}

export const tokenPair = z
  .object({
    token: z.string().meta({ description: "The access token (JWT): send it as `Authorization: Bearer …`." }),
    refreshToken: z.string().meta({ description: "Single use: trade it at /api/token/refresh for a new pair." }),
  })
  .meta({ id: "TokenPair" }) satisfies z.ZodType<TokenPair>;

export const account = accountSchema.meta({ id: "Account" });

export const categoryView = categoryViewSchema.meta({ id: "CategoryView" });
export const productView = productViewSchema.meta({ id: "ProductView" });
export const bannerView = bannerViewSchema.meta({ id: "BannerView" });
export const configurationEntry = configurationEntrySchema.meta({ id: "ConfigurationEntry" });

/** The days a machine's confirmed bookings go beyond its fleet (409 BOOKING_OVERBOOKED, PRODUCT_UNITS_BELOW_BOOKINGS). */
const fleetConflicts = (code: string) =>
  z
    .array(overbookedDaySchema)
    .optional()
    .meta({
      description: `${code} only: each day the confirmed units would go beyond the fleet.`,
    });

/**
 * A product update's 409: taken model, a picture gone, a save based on an old version, or
 * (PRODUCT_UNITS_BELOW_BOOKINGS) a fleet lowered below the confirmed bookings, the days listed.
 */
export const productConflictBody = editConflictBody(productView, "ProductConflictBody", {
  conflicts: fleetConflicts("PRODUCT_UNITS_BELOW_BOOKINGS"),
});
export const bannerConflictBody = editConflictBody(bannerView, "BannerConflictBody");
export const configurationConflictBody = editConflictBody(z.array(configurationEntry), "ConfigurationConflictBody");
export const versionView = versionViewSchema.meta({ id: "VersionView" });

/**
 * A category update's 409: taken name, a save based on an old version (ERROR_EDIT_CONFLICT), or
 * (SPECIFICATION_VALUES_AFFECTED) values it would touch, listed.
 */
export const categoryConflictBody = editConflictBody(categoryView, "CategoryConflictBody", {
  affected: z.array(affectedSpecificationSchema).optional().meta({
    description:
      "SPECIFICATION_VALUES_AFFECTED only: per specification the update changes, the machines whose values it removes or reinterprets.",
  }),
});

export const bookingView = bookingViewSchema.meta({ id: "BookingView" });

/**
 * A booking write's 409: a confirmation beyond the fleet (BOOKING_OVERBOOKED, the days listed), or a
 * save based on an old version (ERROR_EDIT_CONFLICT).
 */
export const bookingConflictBody = editConflictBody(bookingView, "BookingConflictBody", {
  conflicts: fleetConflicts("BOOKING_OVERBOOKED"),
});
