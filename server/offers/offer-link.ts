import { hashToken, randomToken } from "../auth/random-tokens.ts";

/**
 * An offer version's personal link (decision 096): `/oferta/<token>` on the site's public address.
 * The token is a long random value that travels only in the customer's e-mail (and the PDF attached
 * to it); the version stores its SHA-256 in `offers.link_hash`, so a leaked table opens no offer.
 */

/** The address of the offer's page for this token; the only place that writes it. */
export function offerLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/oferta/${encodeURIComponent(token)}`;
}

/** A new link: the token for the e-mail and the document, its hash for the sent version's row. */
export function newOfferLink(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: hashToken(token) };
}
