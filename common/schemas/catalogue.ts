import { z } from "zod";
import { CONFIGURATION_KEYS } from "../configuration-keys.ts";
import type { ErrorCode } from "../error-codes.ts";
import {
  EMAIL_MAX_LENGTH,
  IMAGE_ALT_MAX_LENGTH,
  IMAGE_COUNT_LIMIT,
  LOWERCASE_EMAIL_PATTERN,
  MAIL_SUBJECT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  RICH_TEXT_MAX_LENGTH,
  ROMANIAN_PHONE_PATTERN,
  UUID_PATTERN,
  hasVisibleText,
  isAcceptedImageMimeType,
  isStrictBase64,
  normalizeName,
  normalizePhone,
} from "../field-rules.ts";
import { collapseSpaces } from "../slug.ts";

/**
 * The payloads of the catalogue write calls (spec §3, §7) with the rules of spec §5. Every rule
 * carries its error code as its message: the admin forms show the code's text, the API returns the
 * code in its 400 body. The server adds only what needs the database (duplicates, unknown ids) and
 * what needs the bytes (the picture's real type and size).
 */

/** Absent or null gives `required`; any other wrong JSON type (number, array, object) gives `invalid`. */
function byInput(required: ErrorCode, invalid: ErrorCode) {
  return (issue: { input?: unknown }): ErrorCode => (issue.input === undefined || issue.input === null ? required : invalid);
}

/** A category name or product model: spaces collapsed, then the Romanian alphanumeric pattern. */
function nameField(required: ErrorCode, invalid: ErrorCode) {
  return z
    .string({ error: byInput(required, invalid) })
    .overwrite(normalizeName)
    .min(1, { error: required, abort: true })
    .max(NAME_MAX_LENGTH, { error: invalid, abort: true })
    .regex(NAME_PATTERN, { error: invalid });
}

/** Rich text as HTML: required means some visible text, not just an empty paragraph. */
function richTextField(required: ErrorCode, invalid: ErrorCode) {
  return z
    .string({ error: byInput(required, invalid) })
    .max(RICH_TEXT_MAX_LENGTH, { error: invalid, abort: true })
    .refine(hasVisibleText, { error: required });
}

/** The id of the record an update names; a string that is not a UUID is answered 404 by the server. */
function recordId(code: ErrorCode) {
  return z.string({ error: code }).min(1, { error: code });
}

export interface ImageCodes {
  /** The picture object itself is missing. */
  required: ErrorCode;
  requiredImage: ErrorCode;
  invalidImage: ErrorCode;
  requiredMimeType: ErrorCode;
  invalidMimeType: ErrorCode;
}

export const headerPhotoCodes = {
  required: "REQUIRED_PRODUCT_HEADER_PHOTO",
  requiredImage: "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE",
  invalidImage: "INVALID_PRODUCT_HEADER_PHOTO_IMAGE",
  requiredMimeType: "REQUIRED_PRODUCT_HEADER_PHOTO_MIME_TYPE",
  invalidMimeType: "INVALID_PRODUCT_HEADER_PHOTO_MIME_TYPE",
} as const satisfies ImageCodes;

export const galleryImageCodes = {
  required: "INVALID_PRODUCT_GALLERY",
  requiredImage: "REQUIRED_PRODUCT_GALLERY_IMAGE",
  invalidImage: "INVALID_PRODUCT_GALLERY_IMAGE",
  requiredMimeType: "REQUIRED_PRODUCT_GALLERY_MIME_TYPE",
  invalidMimeType: "INVALID_PRODUCT_GALLERY_MIME_TYPE",
} as const satisfies ImageCodes;

export const bannerImageCodes = {
  required: "INVALID_BANNER",
  requiredImage: "REQUIRED_BANNER_IMAGE",
  invalidImage: "INVALID_BANNER_IMAGE",
  requiredMimeType: "REQUIRED_BANNER_MIME_TYPE",
  invalidMimeType: "INVALID_BANNER_MIME_TYPE",
} as const satisfies ImageCodes;

function imageShape(codes: ImageCodes) {
  return {
    mime_type: z.string({ error: byInput(codes.requiredMimeType, codes.invalidMimeType) }).optional(),
    /** base64 of the file, without the data-URL prefix. */
    image: z.string({ error: byInput(codes.requiredImage, codes.invalidImage) }).optional(),
    /** Names a picture already stored; sent without `image`, it keeps that picture as it is. */
    uuid: z.string({ error: codes.invalidImage }).regex(UUID_PATTERN, { error: codes.invalidImage }).optional(),
    alt: z
      .string({ error: codes.invalidImage })
      .overwrite(collapseSpaces)
      .max(IMAGE_ALT_MAX_LENGTH, { error: codes.invalidImage })
      .optional(),
  };
}

type ImageFields = { mime_type?: string; image?: string; uuid?: string };

/**
 * New bytes need a plausible declared type and well-formed base64; without bytes, a `uuid` keeps a
 * stored picture where `keepable` (updates), and is missing everywhere else.
 */
function imageRule(codes: ImageCodes, keepable: boolean) {
  return (value: ImageFields, context: z.RefinementCtx): void => {
    const issue = (message: ErrorCode, field: keyof ImageFields) =>
      context.addIssue({ code: "custom", message, path: [field], input: value[field] });
    if (!value.image) {
      if (!keepable || !value.uuid) issue(codes.requiredImage, "image");
      return;
    }
    if (!isStrictBase64(value.image)) issue(codes.invalidImage, "image");
    if (!value.mime_type?.trim()) issue(codes.requiredMimeType, "mime_type");
    else if (!isAcceptedImageMimeType(value.mime_type)) issue(codes.invalidMimeType, "mime_type");
  };
}

function imagePayload(codes: ImageCodes, keepable: boolean) {
  return z
    .object(imageShape(codes), { error: byInput(codes.required, codes.invalidImage) })
    .superRefine(imageRule(codes, keepable));
}

function gallery(keepable: boolean) {
  return z
    .array(imagePayload(galleryImageCodes, keepable), { error: "INVALID_PRODUCT_GALLERY" })
    .max(IMAGE_COUNT_LIMIT, { error: "INVALID_PRODUCT_GALLERY" })
    .default([]);
}

export const categoryCreateSchema = z.object({
  name: nameField("REQUIRED_CATEGORY_NAME", "INVALID_CATEGORY_NAME"),
});

export const categoryUpdateSchema = z.object({
  uuid: recordId("ERROR_UPDATE_CATEGORY"),
  name: nameField("REQUIRED_CATEGORY_NAME", "INVALID_CATEGORY_NAME"),
});

function productFields(keepable: boolean) {
  return {
    model: nameField("REQUIRED_PRODUCT_MODEL", "INVALID_PRODUCT_MODEL"),
    /** The category's name (spec §3); its uuid is accepted too. */
    category: nameField("REQUIRED_PRODUCT_CATEGORY", "INVALID_PRODUCT_CATEGORY"),
    header_offer: richTextField("REQUIRED_PRODUCT_HEADER_OFFER", "INVALID_PRODUCT_HEADER_OFFER"),
    details: richTextField("REQUIRED_PRODUCT_DETAILS", "INVALID_PRODUCT_DETAILS"),
    technical_data: richTextField("REQUIRED_PRODUCT_TECHNICAL_DATA", "INVALID_PRODUCT_TECHNICAL_DATA"),
    header_photo: imagePayload(headerPhotoCodes, keepable),
    gallery: gallery(keepable),
  };
}

export const productCreateSchema = z.object(productFields(false));

export const productUpdateSchema = z.object({ uuid: recordId("ERROR_UPDATE_PRODUCT"), ...productFields(true) });

/**
 * Spec §7 sends 'a list of images ({banner})': the body is `{ "banner": [image, ...] }`; a bare list
 * of images is accepted as the same thing.
 */
export const bannerCreateSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { banner: body } : body),
  z.object(
    {
      banner: z
        .array(imagePayload(bannerImageCodes, false), { error: "INVALID_BANNER" })
        .min(1, { error: "INVALID_BANNER" })
        .max(IMAGE_COUNT_LIMIT, { error: "INVALID_BANNER" }),
    },
    { error: "INVALID_BANNER" },
  ),
);

/** A banner's new picture and/or alt text; `uuid` names the banner. */
export const bannerUpdateSchema = z
  .object({ ...imageShape(bannerImageCodes), uuid: recordId("ERROR_UPDATE_BANNER") })
  .superRefine((value, context) => {
    if (value.image || value.alt !== undefined) imageRule(bannerImageCodes, true)(value, context);
    else context.addIssue({ code: "custom", message: "REQUIRED_BANNER_IMAGE", path: ["image"], input: value.image });
  });

const trimmed = (value: string) => value.trim();

/** Empty passes here: emptiness is the required rule's to report, once. */
function emptyOrMatching(pattern: RegExp, maxLength: number) {
  return (value: string) => value === "" || (value.length <= maxLength && pattern.test(value));
}

/**
 * A configuration value: normalized, then required (primary group) or optional (second group,
 * where empty means absent), then its pattern. No rule aborts, so the second contact's pair rule
 * is reported even while another field is still wrong.
 */
function configurationField(
  normalize: (value: string) => string,
  codes: { required?: ErrorCode; invalid: ErrorCode },
  valid: (value: string) => boolean,
) {
  const text = z.string({ error: byInput(codes.required ?? codes.invalid, codes.invalid) }).overwrite(normalize);
  const checked = codes.required ? text.min(1, { error: codes.required }) : text;
  return checked.refine(valid, { error: codes.invalid });
}

const filled = (value: unknown): boolean => typeof value === "string" && value !== "";

/**
 * The contact configuration as one record keyed by configuration key (spec §5): the primary group
 * is required; the second group is optional, but its e-mail and phone come together.
 */
export const configurationSchema = z
  .object({
    contact_mail_to: configurationField(
      trimmed,
      { required: "REQUIRED_CONFIGURATION_MAIL_TO", invalid: "INVALID_CONFIGURATION_MAIL_TO" },
      emptyOrMatching(LOWERCASE_EMAIL_PATTERN, EMAIL_MAX_LENGTH),
    ),
    contact_mail_subject: configurationField(
      collapseSpaces,
      { required: "REQUIRED_CONFIGURATION_MAIL_SUBJECT", invalid: "INVALID_CONFIGURATION_MAIL_SUBJECT" },
      (value) => value.length <= MAIL_SUBJECT_MAX_LENGTH,
    ),
    contact_phone: configurationField(
      normalizePhone,
      { required: "REQUIRED_CONFIGURATION_PHONE", invalid: "INVALID_CONFIGURATION_PHONE" },
      emptyOrMatching(ROMANIAN_PHONE_PATTERN, Number.POSITIVE_INFINITY),
    ),
    contact_mail_to_second: configurationField(
      trimmed,
      { invalid: "INVALID_CONFIGURATION_MAIL_TO_SECOND" },
      emptyOrMatching(LOWERCASE_EMAIL_PATTERN, EMAIL_MAX_LENGTH),
    ).default(""),
    contact_phone_second: configurationField(
      normalizePhone,
      { invalid: "INVALID_CONFIGURATION_PHONE_SECOND" },
      emptyOrMatching(ROMANIAN_PHONE_PATTERN, Number.POSITIVE_INFINITY),
    ).default(""),
  })
  .superRefine(
    (value, context) => {
      const mail = filled(value.contact_mail_to_second);
      const phone = filled(value.contact_phone_second);
      if (mail && !phone) {
        context.addIssue({ code: "custom", message: "REQUIRED_CONFIGURATION_PHONE_SECOND", path: ["contact_phone_second"] });
      }
      if (phone && !mail) {
        context.addIssue({ code: "custom", message: "REQUIRED_CONFIGURATION_MAIL_TO_SECOND", path: ["contact_mail_to_second"] });
      }
    },
    // Also while another field is wrong (values may then be partly unchecked: hence `filled`).
    { when: () => true },
  );

export const CONFIGURATION_VALUE_MAX_LENGTH = 1000;

/** PUT /configuration/update: entries of spec §3; each key at most once. */
export const configurationUpdateSchema = z
  .array(
    z.object(
      {
        uuid: z.string({ error: "INVALID_CONFIGURATION" }).optional(),
        key: z.enum(CONFIGURATION_KEYS, { error: "INVALID_CONFIGURATION" }),
        value: z
          .string({ error: "INVALID_CONFIGURATION" })
          .max(CONFIGURATION_VALUE_MAX_LENGTH, { error: "INVALID_CONFIGURATION" }),
      },
      { error: "INVALID_CONFIGURATION" },
    ),
    { error: "INVALID_CONFIGURATION" },
  )
  .max(CONFIGURATION_KEYS.length, { error: "INVALID_CONFIGURATION", abort: true })
  .refine((entries) => new Set(entries.map((entry) => entry.key)).size === entries.length, {
    error: "INVALID_CONFIGURATION",
  });

export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;
export type ImagePayload = z.infer<ReturnType<typeof imagePayload>>;
export type ProductCreateInput = z.infer<typeof productCreateSchema>;
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;
export type BannerCreateInput = z.infer<typeof bannerCreateSchema>;
export type BannerUpdateInput = z.infer<typeof bannerUpdateSchema>;
export type ConfigurationValues = z.infer<typeof configurationSchema>;
export type ConfigurationUpdateInput = z.infer<typeof configurationUpdateSchema>;
