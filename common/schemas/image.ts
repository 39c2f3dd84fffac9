import { z } from "../zod.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import { IMAGE_ALT_MAX_LENGTH, UUID_PATTERN, isAcceptedImageMimeType, isStrictBase64 } from "../fields/field-rules.ts";
import { collapseSpaces } from "../text/slug.ts";
import { byInput } from "../fields/schema-fields.ts";

/** A picture in a catalogue payload (spec §3): base64 bytes and their declared type, or a stored picture's uuid. */

export interface ImageCodes {
  /** The picture object itself is missing. */
  required: ErrorCode;
  requiredImage: ErrorCode;
  invalidImage: ErrorCode;
  requiredMimeType: ErrorCode;
  invalidMimeType: ErrorCode;
}

export function imageShape(codes: ImageCodes) {
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
export function imageRule(codes: ImageCodes, keepable: boolean) {
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

export function imagePayload(codes: ImageCodes, keepable: boolean) {
  return z
    .object(imageShape(codes), { error: byInput(codes.required, codes.invalidImage) })
    .superRefine(imageRule(codes, keepable));
}

export type ImagePayload = z.infer<ReturnType<typeof imagePayload>>;
