/**
 * An offer's states (decision 094): a draft (ciornă) is edited; once sent (trimisă) it is never changed
 * again, only answered (acceptată, refuzată), outlived (expirată), withdrawn (anulată) or replaced by a
 * newer version (înlocuită). Stored without diacritics, like the bookings' states.
 */
export const OFFER_STATES = ["ciorna", "trimisa", "acceptata", "refuzata", "expirata", "anulata", "inlocuita"] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** The states no call moves an offer out of. */
export const CLOSED_OFFER_STATES: readonly OfferState[] = ["acceptata", "refuzata", "expirata", "anulata", "inlocuita"];

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  ciorna: "Ciornă",
  trimisa: "Trimisă",
  acceptata: "Acceptată",
  refuzata: "Refuzată",
  expirata: "Expirată",
  anulata: "Anulată",
  inlocuita: "Înlocuită",
};
