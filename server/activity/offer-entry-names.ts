import type { OfferRow } from "../db/repositories/offers.ts";

// How the Jurnal names an offer and the customer who answers it; an erased customer keeps ERASED_CUSTOMER_NAME in both.

/** The name an offer and the Jurnal keep once the offer's customer is erased (admin text). */
export const ERASED_CUSTOMER_NAME = "Client sters";

/** What starts the name of a customer's own step in the Jurnal (they have no account). */
export const CUSTOMER_PREFIX = "Client: ";

/** The customer answering an offer: "Client: <name>". */
export const customerEntryName = (name: string) => `${CUSTOMER_PREFIX}${name}`;

/** An offer version: "OF-2026-0001 v2 (<customer>)". */
export const offerEntryName = (offer: Pick<OfferRow, "number" | "offer_version" | "customer_name">) =>
  `${offer.number} v${offer.offer_version} (${offer.customer_name})`;
