import { firstOfMonth, romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import { storeOffer } from "../fixtures/offers.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The demand overview's offers (decision 099), on a phone: the months' table with the offers sent
 * and accepted and their values, the current month first.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** 10:00 on the first day of this month in Romania. */
const thisMonth = () => new Date(startOfRomanianDay(firstOfMonth(romanianDay())).getTime() + 10 * 3_600_000);

test("the demand overview shows the offers sent and accepted per month with their values", async ({
  adminPage: page,
  server,
}) => {
  const { db } = server.services;
  await storeOffer(db, {
    sequence: 901,
    state: "acceptata",
    sentAt: thisMonth(),
    answeredAt: thisMonth(),
    net: 1_000_000,
  });
  await storeOffer(db, { sequence: 902, state: "trimisa", sentAt: thisMonth(), net: 250_000 });
  await page.goto("/admin/main/demand");
  await expect(page.getByRole("heading", { level: 1, name: "Analiza cererilor" })).toBeVisible();
  const offers = page.getByRole("region", { name: /^Oferte pe luna/ });
  const rows = offers.getByRole("table", { name: "Oferte trimise si acceptate pe luna" }).getByRole("row");
  await expect(rows).toHaveCount(13);
  const month = new Intl.DateTimeFormat("ro-RO", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${firstOfMonth(romanianDay())}T00:00:00Z`),
  );
  await expect(rows.first()).toHaveText("LunaTrimiseAcceptate");
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText(month);
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    "215.125,00 lei cu TVA12.500,00 lei fara TVA",
    "112.100,00 lei cu TVA10.000,00 lei fara TVA",
  ]);
  await expect(rows.nth(2).getByRole("cell")).toHaveText([
    "00,00 lei cu TVA0,00 lei fara TVA",
    "00,00 lei cu TVA0,00 lei fara TVA",
  ]);
  await expectNoSeriousA11yViolations(page, "the demand overview's offers");
});
