import type { MessageTable } from "./message-table.ts";

/**
 * The codes of the customer's answer to an offer (decision 097): the personal link that leads to no
 * offer or to one that no longer holds, the answer's fields, and an answer that comes after another.
 * A table of its own, part of the catalogue of common/errors/error-codes.ts.
 */
export const offerLinkMessages = {
  ERROR_OFFER_LINK_NOT_FOUND: [
    "Linkul nu duce la nicio oferta: verificati ca l-ati copiat intreg din e-mail",
    "The link leads to no offer: check that you copied it whole from the e-mail",
  ],
  OFFER_LINK_EXPIRED: ["Oferta a expirat: sunati-ne pentru una noua", "The offer has expired: call us for a new one"],
  OFFER_LINK_CANCELLED: [
    "Oferta a fost anulata: sunati-ne pentru detalii",
    "The offer was cancelled: call us for details",
  ],
  OFFER_LINK_REPLACED: [
    "V-am trimis o versiune mai noua a acestei oferte: o gasiti in e-mailul cel mai recent",
    "We sent you a newer version of this offer: you will find it in the most recent e-mail",
  ],
  OFFER_ALREADY_ANSWERED: [
    "Oferta a primit deja un raspuns, care ramane cel inregistrat",
    "The offer has already been answered, and that answer stands",
  ],
  OFFER_CONTENT_CHANGED: [
    "Oferta s-a schimbat de cand ati deschis-o: cititi-o din nou inainte sa raspundeti",
    "The offer changed since you opened it: read it again before you answer",
  ],
  REQUIRED_OFFER_ANSWER_NAME: [
    "Scrieti numele persoanei care accepta oferta",
    "Write the name of the person accepting the offer",
  ],
  INVALID_OFFER_ANSWER_NAME: [
    "Numele poate avea cel mult 200 de caractere, fara caractere invizibile",
    "The name can have at most 200 characters, without invisible characters",
  ],
  REQUIRED_OFFER_TERMS_ACCEPTED: [
    "Bifati ca acceptati conditiile de inchiriere",
    "Tick that you accept the terms of rental",
  ],
  INVALID_OFFER_ANSWER_REASON: [
    "Motivul poate avea cel mult 1000 de caractere, fara caractere invizibile",
    "The reason can have at most 1000 characters, without invisible characters",
  ],
  OFFER_ANSWER_CROSS_SITE: [
    "Raspunsul se trimite doar din pagina ofertei",
    "The answer can only be sent from the offer's page",
  ],
  INVALID_OFFER_CONTENT_HASH: [
    "Amprenta ofertei nu este valida (64 de cifre hexazecimale)",
    "The offer's fingerprint is not valid (64 hexadecimal digits)",
  ],
} as const satisfies MessageTable;
