import { z } from "../zod.ts";
import { hasHiddenCharacter } from "../fields/field-rules.ts";
import { byInput } from "../fields/schema-fields.ts";
import { LANGUAGES } from "../language/language.ts";
import { offerAnswerSchema } from "./offer-answer-schema.ts";
import { OFFER_TEXT_MAX_LENGTH, offerLineViewSchema } from "./offer-schemas.ts";

/**
 * The customer's side of a sent offer (decision 097): what its personal link shows (/oferta/<token>
 * and GET /api/offer-links/{token}) and the answers it takes. One module for the page's forms, the
 * API's validation and its OpenAPI document; every rule's message is its error code.
 */

export const OFFER_REASON_MAX_LENGTH = 1000;

/** The SHA-256 of the offer's content (hex), as the page and the API give it. */
const contentHashField = z
  .string({ error: "INVALID_OFFER_CONTENT_HASH" })
  .regex(/^[0-9a-f]{64}$/, { error: "INVALID_OFFER_CONTENT_HASH" })
  .optional()
  .meta({
    description:
      "The `content_hash` of the offer as it was read: when given and the offer's content has changed since (the terms of rental, the letterhead), the answer is refused with 409 OFFER_CONTENT_CHANGED.",
  });

/** POST /api/offer-links/{token}/accept, and the page's "Accept" form. */
export const offerAcceptSchema = z.object({
  name: z
    .string({ error: byInput("REQUIRED_OFFER_ANSWER_NAME", "INVALID_OFFER_ANSWER_NAME") })
    .refine((value) => !hasHiddenCharacter(value), { error: "INVALID_OFFER_ANSWER_NAME", abort: true })
    .overwrite((value) => value.replace(/\s+/g, " ").trim())
    .min(1, { error: "REQUIRED_OFFER_ANSWER_NAME", abort: true })
    .max(OFFER_TEXT_MAX_LENGTH, { error: "INVALID_OFFER_ANSWER_NAME" })
    .meta({ description: "The name of the person accepting, as typed: kept as the acceptance's proof." }),
  terms_accepted: z
    .literal(true, { error: "REQUIRED_OFFER_TERMS_ACCEPTED" })
    .meta({ description: "true: the person accepts the terms of rental (required)." }),
  content_hash: contentHashField,
});
export type OfferAcceptInput = z.output<typeof offerAcceptSchema>;

/** POST /api/offer-links/{token}/refuse, and the page's "Refuz" form. */
export const offerRefuseSchema = z.object({
  reason: z
    .string({ error: "INVALID_OFFER_ANSWER_REASON" })
    .overwrite((value) => value.replace(/\r\n?/g, "\n").trim())
    .max(OFFER_REASON_MAX_LENGTH, { error: "INVALID_OFFER_ANSWER_REASON" })
    .refine((value) => !hasHiddenCharacter(value.replace(/[\n\t]/g, "")), { error: "INVALID_OFFER_ANSWER_REASON" })
    .default("")
    .meta({ description: "Why, in the customer's words (optional, plain text)." }),
  content_hash: contentHashField,
});
export type OfferRefuseInput = z.output<typeof offerRefuseSchema>;

/** Where a link's offer stands for its customer; an expired, cancelled or replaced one is a 410 instead. */
export const OFFER_LINK_STATUSES = ["open", "accepted", "refused"] as const;
export type OfferLinkStatus = (typeof OFFER_LINK_STATUSES)[number];

/**
 * The offer's content as its customer reads it: what the document says, in figures (the page writes
 * them in words in either language). Its canonical JSON (these keys in this order) is what
 * `content_hash` hashes: the proof of what was accepted.
 */
export const offerContentSchema = z.object({
  number: z.string(),
  offer_version: z.number().int(),
  lang: z.enum(LANGUAGES).meta({ description: "The offer's language: its page opens in it." }),
  currency: z.string(),
  sent_at: z.string().nullable(),
  valid_until: z.string().meta({ description: "The last day the offer can be accepted (YYYY-MM-DD, Romania's)." }),
  company: z.object({
    legal_name: z.string(),
    cui: z.string(),
    reg_com: z.string(),
    address: z.string(),
    iban: z.string(),
  }),
  customer: z.object({ name: z.string(), company: z.string(), email: z.string(), phone: z.string() }),
  lines: z.array(offerLineViewSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  discount_amount: z.number().int(),
  net: z.number().int(),
  vat_rate: z.number().int(),
  vat_amount: z.number().int(),
  total: z.number().int(),
  notes: z.string(),
  terms: z.object({ ro: z.string(), en: z.string() }).meta({ description: "The terms of rental in both languages." }),
});
export type OfferLinkContent = z.output<typeof offerContentSchema>;

export const offerLinkViewSchema = z.object({
  status: z.enum(OFFER_LINK_STATUSES).meta({
    description: "open: it can be accepted or refused; accepted or refused: `answer` says how and when.",
  }),
  offer: offerContentSchema,
  content_hash: z.string().meta({ description: "SHA-256 (hex) of `offer`'s canonical JSON." }),
  answer: offerAnswerSchema.nullable(),
  company_phone: z.string().meta({ description: "The company's phone (Configurare), for a question or a call." }),
  pdf_path: z.string().meta({ description: "The offer's document: a PDF in the offer's language." }),
});
export type OfferLinkView = z.output<typeof offerLinkViewSchema>;
