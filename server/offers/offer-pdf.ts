import { companySettingsOf } from "../../common/schemas/company-settings.ts";
import { offerSettingsOf } from "../../common/schemas/offer-settings.ts";
import type { Logger } from "../core/logger.ts";
import { HttpError } from "../core/errors.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { SPEC_SHEET_RETRY_AFTER_SECONDS } from "../spec-sheet/make-sheet.ts";
import { WorkNotDone, workJob, type WorkPool } from "../work/work-pool.ts";
import type * as DrawOffer from "./draw-offer.ts";
import { offerDocument } from "./offer-document.ts";
import { offerById } from "./offer-reads.ts";
import type { OfferServices } from "./services.ts";

const DRAW = workJob<typeof DrawOffer, "drawOfferJob">(new URL("./draw-offer.ts", import.meta.url), "drawOfferJob");

export interface OfferPdfServices extends OfferServices {
  config: { PUBLIC_URL: string };
  logger: Logger;
  work: { specSheets: WorkPool };
}

/**
 * One offer version's document (decision 094): read with the letterhead and terms of Configurare,
 * drawn in the spec sheets' work pool, off the server's thread, never kept (an offer's document is
 * asked for rarely, and a draft changes). The QR code holds the company's site until offers have
 * their own page. Too many documents waiting: 503 ERROR_SERVER_BUSY with Retry-After, as the sheets.
 */
export async function offerPdf(services: OfferPdfServices, id: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const [offer, configuration] = await Promise.all([offerById(services, id), listConfiguration(services.db)]);
  const terms = offerSettingsOf(configuration).terms;
  const content = offerDocument(
    offer,
    companySettingsOf(configuration),
    terms,
    `${services.config.PUBLIC_URL}/`,
    new Date(),
  );
  try {
    const pdf = await services.work.specSheets.run(DRAW, content);
    return { pdf, fileName: `${offer.number}-v${offer.offer_version}.pdf` };
  } catch (error) {
    if (!(error instanceof WorkNotDone)) throw error;
    if (error.reason === "busy") {
      services.logger.warn({ offer: offer.number, err: error }, "offer document refused: too many documents wait");
      throw new HttpError(503, "ERROR_SERVER_BUSY", { retryAfterSeconds: SPEC_SHEET_RETRY_AFTER_SECONDS });
    }
    throw error;
  }
}
