import { romanianDay } from "../../common/days/romanian-day.ts";
import type { Logger } from "../core/logger.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import { outlivedSentOffers } from "../db/repositories/offer-sending.ts";
import { setOfferState } from "../db/repositories/offers.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { releaseOfferHolds } from "./offer-holds.ts";
import { logOffer } from "./offer-writes.ts";
import type { OfferServices } from "./services.ts";

/**
 * Housekeeping (decision 096): a sent offer whose last valid day is before today (in Romania) expires
 * (expirata) and its tentative holds are released. Safe on every instance at once: each offer moves in
 * its own transaction by a conditional update, and only the instance that moved it releases its holds
 * and writes its one Jurnal entry; another that finds it moved rolls back, renewing no page.
 */

const SWEEPER = { userId: null, address: "server" };

/** The transaction found the offer already moved by another instance (or answered meanwhile). */
class AlreadyMoved extends Error {}

/** One sweep at `now`: how many offers expired. */
export async function expireOffers(services: OfferServices, now: Date): Promise<number> {
  const at = now.toISOString();
  let expired = 0;
  for (const offer of await outlivedSentOffers(services.db, romanianDay(now))) {
    try {
      await writeAndRenewPages(services, async (trx) => {
        if (!(await setOfferState(trx, offer.id, ["trimisa"], "expirata", { updated_at: at })))
          throw new AlreadyMoved();
        await releaseOfferHolds(trx, offer.id, at);
        const summary = `Oferta expirata (valabila pana la ${offer.valid_until}), rezervarile tentative eliberate`;
        await logOffer(trx, SWEEPER, "status_change", offer, summary, "(automat)");
      });
      expired += 1;
    } catch (error) {
      if (!(error instanceof AlreadyMoved)) throw error;
    }
  }
  return expired;
}

/** A minute after start, then hourly: sent offers past their validity expire. */
export function startOfferHousekeeping(services: OfferServices & { logger: Logger }): { stop(): Promise<void> } {
  return periodicSweep(
    "offer expiry",
    async () => {
      const expired = await expireOffers(services, new Date());
      if (expired > 0) services.logger.info({ expired }, "sent offers past their validity expired");
    },
    services.logger,
  );
}
