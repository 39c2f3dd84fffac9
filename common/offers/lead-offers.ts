import { z } from "../zod.ts";
import { leadFilterSchema, leadListQuerySchema, leadPageSchema, leadViewSchema } from "../leads/lead-schemas.ts";
import { OFFER_STATES } from "./offer-states.ts";

/**
 * The inbox follows each request's offer (decision 096): a request is shown, and found, by the state of
 * its newest offer (none yet, a draft, sent, accepted, refused, expired, cancelled), read from the
 * offers themselves, never copied onto the request. Added to the inbox's own schemas here, where the
 * offers' states are known.
 */

/** `?offer=`: requests without an offer (`none`), or whose newest offer is in this state. */
export const LEAD_OFFER_FILTERS = ["none", ...OFFER_STATES] as const;
export type LeadOfferFilter = (typeof LEAD_OFFER_FILTERS)[number];

const offerField = {
  offer: z
    .enum(LEAD_OFFER_FILTERS, { error: "INVALID_CONTACT_REQUEST_OFFER" })
    .optional()
    .meta({ description: "`none`: requests without an offer; a state: those whose newest offer is in it." }),
};

export const leadWithOfferFilterSchema = leadFilterSchema.extend(offerField);
export const leadWithOfferListQuerySchema = leadListQuerySchema.extend(offerField);
export type LeadWithOfferFilter = z.output<typeof leadWithOfferFilterSchema>;
export type LeadWithOfferListQuery = z.output<typeof leadWithOfferListQuerySchema>;

export const leadWithOfferViewSchema = leadViewSchema.extend({
  offerState: z
    .enum(OFFER_STATES)
    .nullable()
    .meta({ description: "The state of the request's newest offer (its newest version); null: none yet." }),
});
export type LeadWithOfferView = z.output<typeof leadWithOfferViewSchema>;

export const leadWithOfferPageSchema = leadPageSchema.extend({ items: z.array(leadWithOfferViewSchema) });
export type LeadWithOfferPage = z.output<typeof leadWithOfferPageSchema>;
