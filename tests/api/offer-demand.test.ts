import { describe, expect, it } from "vitest";
import { firstOfMonth, romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import type { LeadOverview } from "../../common/leads/lead-schemas.ts";
import { storeOffer as storeOfferRow, type OfferFixture } from "../fixtures/offers.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { officeContact } from "../helpers/office-contact.ts";

/**
 * The demand overview's offers (decision 099), over real HTTP on SQLite and PostgreSQL: sent per
 * month by the newest version sent of each number, accepted per month by when the customer accepted,
 * their totals with and without VAT added in the site's currency, months in Romania's time.
 */

const site = withAdminServer();

let sequence = 0;

const storeOffer = (offer: OfferFixture) => storeOfferRow(site.server.services.db, offer);

const nextNumber = () => (sequence += 1);

/** An instant `hours` after midnight in Romania of the first day of the month `months` from this one. */
function inMonth(months: number, hours = 10): Date {
  return new Date(startOfRomanianDay(firstOfMonth(romanianDay(), months)).getTime() + hours * 3_600_000);
}

const monthKey = (months: number) => firstOfMonth(romanianDay(), months).slice(0, 7);

async function overview(): Promise<LeadOverview["offers"]> {
  const reply = await site.call("GET", "/api/contact/requests/overview");
  expect(reply.status).toBe(200);
  return ((await reply.json()) as LeadOverview).offers;
}

describe("GET /api/contact/requests/overview: offers", () => {
  it("has the last 12 months with nothing in them before any offer", async () => {
    const offers = await overview();
    expect(offers.currency).toBe("RON");
    expect(offers.months.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => monthKey(index - 11)),
    );
    for (const month of offers.months) {
      expect(month.sent).toEqual({ count: 0, total: 0, net: 0 });
      expect(month.accepted).toEqual({ count: 0, total: 0, net: 0 });
    }
  });

  it("counts each number once by its newest version sent, the accepted ones when accepted, values in minor units", async () => {
    // Sent two months ago, replaced by a second version this month: counted this month, at its new value.
    const replaced = nextNumber();
    await storeOffer({ sequence: replaced, state: "inlocuita", sentAt: inMonth(-2), net: 100_000 });
    await storeOffer({ sequence: replaced, version: 2, state: "trimisa", sentAt: inMonth(0), net: 120_050 });
    // A third version still a draft does not move it.
    await storeOffer({ sequence: replaced, version: 3, state: "ciorna", sentAt: null, net: 999_999 });
    // Sent 30 minutes into last month in Romania (still the month before in UTC), accepted this month.
    const accepted = nextNumber();
    await storeOffer({
      sequence: accepted,
      state: "acceptata",
      sentAt: inMonth(-1, 0.5),
      answeredAt: inMonth(0, 1),
      net: 200_000,
    });
    // Refused, expired, a draft, and one sent 13 months ago: not accepted, not counted.
    await storeOffer({
      sequence: nextNumber(),
      state: "refuzata",
      sentAt: inMonth(-1),
      answeredAt: inMonth(0),
      net: 7,
    });
    await storeOffer({ sequence: nextNumber(), state: "expirata", sentAt: inMonth(-3), net: 5_000 });
    await storeOffer({ sequence: nextNumber(), state: "ciorna", sentAt: null, net: 3_000 });
    await storeOffer({ sequence: nextNumber(), state: "trimisa", sentAt: inMonth(-13), net: 9_000 });
    // Written in euros before the site's currency was lei: counted, its value not added to the lei.
    await storeOffer({ sequence: nextNumber(), state: "trimisa", sentAt: inMonth(0), net: 50_000, currency: "EUR" });

    const months = new Map((await overview()).months.map((month) => [month.month, month]));
    expect(months.get(monthKey(0))).toEqual({
      month: monthKey(0),
      sent: { count: 2, total: 120_050 + 25_211, net: 120_050 },
      accepted: { count: 1, total: 242_000, net: 200_000 },
    });
    expect(months.get(monthKey(-1))).toEqual({
      month: monthKey(-1),
      sent: { count: 2, total: 242_000 + 8, net: 200_007 },
      accepted: { count: 0, total: 0, net: 0 },
    });
    expect(months.get(monthKey(-2))?.sent).toEqual({ count: 0, total: 0, net: 0 });
    expect(months.get(monthKey(-3))?.sent).toEqual({ count: 1, total: 6_050, net: 5_000 });
    const all = [...months.values()];
    expect(all.reduce((sum, month) => sum + month.sent.count, 0)).toBe(5);
    expect(all.reduce((sum, month) => sum + month.accepted.count, 0)).toBe(1);
  });

  it("writes the values in the currency Configurare sets", async () => {
    const reply = await site.call("PUT", "/api/configuration/update", [
      ...officeContact(),
      { key: "price_currency", value: "EUR" },
    ]);
    expect(reply.status, await reply.clone().text()).toBe(200);
    const offers = await overview();
    expect(offers.currency).toBe("EUR");
    expect(offers.months.at(-1)?.sent).toEqual({ count: 2, total: 60_500, net: 50_000 });
  });
});
