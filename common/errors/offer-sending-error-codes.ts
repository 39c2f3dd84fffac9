import type { MessageTable } from "./message-table.ts";

/**
 * The codes of sending an offer (decision 096), each in Romanian and English: what keeps a draft from
 * being sent. A line that is no longer valid (its machine in the trash or deleted, its days past, its
 * units over the fleet) is refused with the line's own code of common/errors/offer-error-codes.ts.
 * And the inbox's filter by a request's offer.
 */
export const offerSendingMessages = {
  OFFER_WITHOUT_EMAIL: [
    "Oferta nu are adresa de e-mail a clientului: completati-o in ciorna, apoi trimiteti",
    "The offer has no customer e-mail: add it to the draft, then send",
  ],
  OFFER_VALIDITY_PASSED: [
    "Data de valabilitate a ofertei a trecut: alegeti alta in ciorna, apoi trimiteti",
    "The offer's validity date has passed: choose another in the draft, then send",
  ],
  OFFER_CHANGED_WHILE_SENDING: [
    "Ciorna a fost modificata in timp ce era trimisa: verificati-o si trimiteti din nou",
    "The draft was changed while it was being sent: check it and send again",
  ],
  INVALID_CONTACT_REQUEST_OFFER: [
    "Filtrul de oferta trebuie sa fie none, ciorna, trimisa, acceptata, refuzata, expirata, anulata sau inlocuita",
    "The offer filter must be none, ciorna, trimisa, acceptata, refuzata, expirata, anulata or inlocuita",
  ],
} as const satisfies MessageTable;
