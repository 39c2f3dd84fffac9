import { z } from "../zod.ts";

/** A sent offer's answer as its customer reads it (decision 097). */
export const offerAnswerSchema = z.object({
  answered_at: z.string(),
  name: z.string().meta({ description: "The name typed when accepting; empty for a refusal." }),
  reason: z.string().meta({ description: "A refusal's reason as written; empty for an acceptance." }),
  booking_conflict: z.boolean().meta({
    description:
      "Accepted, but a machine was confirmed to someone else meanwhile for some day: nothing was confirmed, the company calls the customer today.",
  }),
});
export type OfferAnswer = z.output<typeof offerAnswerSchema>;

/** The answer with its proof, as the office reads it: from where, which browser, what content. */
export const offerAnswerProofSchema = offerAnswerSchema.extend({
  address: z.string().meta({ description: "The client's address (TRUST_PROXY-aware) the answer came from." }),
  user_agent: z.string(),
  content_hash: z.string().meta({ description: "SHA-256 of the offer's content as the customer's page showed it." }),
});
export type OfferAnswerProof = z.output<typeof offerAnswerProofSchema>;
