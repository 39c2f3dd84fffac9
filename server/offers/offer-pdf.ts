import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { companySettingsOf } from "../../common/schemas/company-settings.ts";
import { offerSettingsOf } from "../../common/schemas/offer-settings.ts";
import type { Logger } from "../core/logger.ts";
import { HttpError } from "../core/errors.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { SPEC_SHEET_RETRY_AFTER_SECONDS } from "../spec-sheet/make-sheet.ts";
import { WorkNotDone, workJob, type WorkPool } from "../work/work-pool.ts";
import type * as DrawOffer from "./draw-offer.ts";
import { offerDocument, type OfferDocument, type OfferLink } from "./offer-document.ts";
import { offerById } from "./offer-reads.ts";
import type { OfferServices } from "./services.ts";

const DRAW = workJob<typeof DrawOffer, "drawOfferJob">(new URL("./draw-offer.ts", import.meta.url), "drawOfferJob");

export interface OfferPdfServices extends OfferServices {
  config: { PUBLIC_URL: string };
  logger: Logger;
  work: { specSheets: WorkPool };
}

export const offerPdfName = (offer: Pick<OfferView, "number" | "offer_version">) =>
  `${offer.number}-v${offer.offer_version}.pdf`;

/**
 * An offer version's document, read with the letterhead and terms of Configurare, drawn in the spec
 * sheets' work pool, off the server's thread. Too many documents waiting: 503 ERROR_SERVER_BUSY with
 * Retry-After, as the sheets. The document's texts come back with it (the e-mail that sends it quotes them).
 */
export async function drawOfferPdf(
  services: OfferPdfServices,
  offer: OfferView,
  link: OfferLink,
  madeAt: Date,
): Promise<{ pdf: Uint8Array; document: OfferDocument }> {
  const configuration = await listConfiguration(services.db);
  const terms = offerSettingsOf(configuration).terms;
  const content = offerDocument(offer, companySettingsOf(configuration), terms, link, madeAt);
  try {
    return { pdf: await services.work.specSheets.run(DRAW, content), document: content };
  } catch (error) {
    if (!(error instanceof WorkNotDone)) throw error;
    if (error.reason === "busy") {
      services.logger.warn({ offer: offer.number, err: error }, "offer document refused: too many documents wait");
      throw new HttpError(503, "ERROR_SERVER_BUSY", { retryAfterSeconds: SPEC_SHEET_RETRY_AFTER_SECONDS });
    }
    throw error;
  }
}

/**
 * One offer version's document, drawn at each call from the stored version, never kept (asked for
 * rarely, and a draft changes). As the office downloads it (decision 094) its QR code holds the
 * company's site: the personal link's token is only in the customer's e-mail and the document sent
 * with it (decision 096); the customer's page, which has the token, passes the personal link.
 */
export async function offerPdf(
  services: OfferPdfServices,
  id: string,
  link: OfferLink = { url: `${services.config.PUBLIC_URL}/`, personal: false },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const offer = await offerById(services, id);
  const { pdf } = await drawOfferPdf(services, offer, link, new Date());
  return { pdf, fileName: offerPdfName(offer) };
}
