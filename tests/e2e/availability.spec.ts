import type { APIRequestContext, Page } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, mondayOf, romanianDay } from "../../common/days/romanian-day.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, expectToast, test, type AdminSession } from "./fixtures.ts";

/**
 * A visitor who needs an excavator next week, on a phone and on a desktop: filters the category by
 * the days, opens a machine free then, reads its calendar, adds it to the request list with days on
 * which it is booked and reads the warning, and can still send the request. The days are the
 * server's (Romania's): next week is Monday to Friday after this week.
 */

const CATEGORY = "excavatoare";

async function adminCall(server: RunningServer, session: AdminSession, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

/** The category's machines, with their fleets, through the public API. */
async function excavators(request: APIRequestContext): Promise<(ProductView & { units: number })[]> {
  const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
  const category = categories.find((each) => each.slug === CATEGORY);
  return (await (await request.get(`/api/product/category/${category?.uuid}`)).json()) as (ProductView & {
    units: number;
  })[];
}

/** Every unit of `product` booked (confirmed) from `first` to `last`. */
async function bookAll(
  server: RunningServer,
  session: AdminSession,
  product: ProductView & { units: number },
  first: string,
  last: string,
) {
  await adminCall(server, session, "POST", "/api/bookings", {
    product_uuid: product.uuid,
    units: Math.max(1, product.units),
    first_day: first,
    last_day: last,
    state: "confirmat",
    note: "Client Popescu, șantier Cluj — nota internă",
    confirm_overbooking: true,
  });
}

/** The demo's own bookings cancelled, so that only this test's decide what is free. */
async function cancelDemoBookings(server: RunningServer, session: AdminSession) {
  const items = (await adminCall(server, session, "GET", "/api/bookings")) as { uuid: string; state: string }[];
  for (const booking of items.filter((each) => each.state !== "anulat"))
    await adminCall(server, session, "POST", `/api/bookings/${booking.uuid}/cancel`, {});
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

for (const { name, viewport, lang } of [
  { name: "on a 360 px phone, in Romanian", viewport: { width: 360, height: 780 }, lang: "ro" },
  { name: "on a desktop, in English", viewport: { width: 1280, height: 900 }, lang: "en" },
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test("filters excavators free next week, reads a machine's calendar, and is warned of booked days in the request list", async ({
      page,
      request,
      server,
      adminSession,
    }) => {
      const ro = lang === "ro";
      const today = romanianDay();
      const monday = mondayOf(addDays(today, 7));
      const friday = addDays(monday, 4);
      const later = addDays(monday, 14);
      const machines = await excavators(request);
      const kubota = machines.find((machine) => machine.model === "Kubota KX057-5");
      const taken = machines.find((machine) => machine !== kubota && machine.units > 0);
      if (!kubota || !taken) throw new Error("The demo catalogue lacks its excavators");
      await cancelDemoBookings(server, adminSession);
      await bookAll(server, adminSession, taken, addDays(monday, 2), addDays(monday, 3));
      await bookAll(server, adminSession, kubota, later, addDays(later, 2));
      // Beyond a year from today, which the list still accepts as days of a request.
      const farAway = addDays(today, 400);
      await bookAll(server, adminSession, kubota, farAway, addDays(farAway, 2));

      await open(page, `/categorie/${CATEGORY}${ro ? "" : "?lang=en"}`);
      await page.getByText(ro ? "Filtrați și ordonați" : "Filter and sort").click();
      const range = page.getByRole("group", { name: ro ? "Liber între" : "Free between" });
      await range.getByLabel(ro ? "prima zi" : "first day").fill(monday);
      await range.getByLabel(ro ? "ultima zi" : "last day").fill(friday);
      const cards = page.getByRole("list", { name: ro ? /^Utilaje din categoria/ : /^Equipment in/ });
      await expect(cards.getByRole("listitem").filter({ hasText: taken.model })).toBeHidden();
      await expect(cards.getByRole("listitem").filter({ hasText: kubota.model })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`liber-de=${monday}&liber-pana=${friday}`));
      await expectNoSeriousA11yViolations(page, "the category filtered by a free range");

      // A range the wrong way round is said beside its days.
      await range.getByLabel(ro ? "ultima zi" : "last day").fill(addDays(monday, -1));
      await expect(range).toContainText(ro ? "Ultima zi este înaintea primei" : "The last day is before the first");
      await expect(range.getByLabel(ro ? "prima zi" : "first day")).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousA11yViolations(page, "the free range's problem");
      await range.getByLabel(ro ? "ultima zi" : "last day").fill(friday);

      await cards.getByRole("link", { name: kubota.model }).first().click();
      const calendar = page.getByRole("region", { name: ro ? "Disponibilitate" : "Availability" });
      await expect(calendar.getByRole("table")).toBeVisible();
      const bookedDay = calendar.locator(`td:has(time[datetime="${later}"])`);
      await expect(bookedDay).toContainText(ro ? "ocupat" : "booked");
      await expect(calendar.locator(`td:has(time[datetime="${monday}"])`)).toContainText(ro ? "liber" : "free");
      await expectNoSeriousA11yViolations(page, "the product page's calendar");
      // On paper in black and white: the days' borders and words black, no tint needed to tell a state.
      await page.emulateMedia({ media: "print" });
      await expect(calendar.getByRole("table")).toBeVisible();
      await expect(bookedDay).toHaveCSS("border-top-color", "rgb(0, 0, 0)");
      await expect(bookedDay).toHaveCSS("background-image", "none");
      await expect(calendar.getByRole("listitem")).toHaveCount(4);
      await page.emulateMedia({ media: "screen" });

      await page
        .getByRole("button", { name: `${ro ? "Adăugați la cerere" : "Add to request"}: ${kubota.model}` })
        .click();
      await open(page, `/contact${ro ? "" : "?lang=en"}`);
      const group = page.getByRole("group", { name: new RegExp(`^${kubota.model} `) });
      await expect(group).toContainText(ro ? "Ocupat în următoarele 8 săptămâni:" : "Booked in the next 8 weeks:");
      // A period ending with a month's abbreviation ("8 dec.") ends the line with its own dot only.
      await expect(group).not.toContainText("..");
      await group.getByLabel(ro ? "Data de început" : "Start date").fill(monday);
      await group.getByLabel(ro ? "Număr de zile" : "Number of days").fill("5");
      const warning = ro
        ? "Ocupat în perioada aleasă — vă propunem o alternativă."
        : "Booked in the chosen period — we will propose an alternative.";
      await expect(group.getByText(warning)).toBeHidden();
      await group.getByLabel(ro ? "Data de început" : "Start date").fill(addDays(later, 1));
      await expect(group.getByText(warning)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the quote list's warning");
      // Days that reach past the first year are checked too: a start within the year, 60 days on.
      await group.getByLabel(ro ? "Data de început" : "Start date").fill(addDays(today, 300));
      await expect(group.getByText(warning)).toBeHidden();
      await group.getByLabel(ro ? "Data de început" : "Start date").fill(addDays(today, 360));
      await group.getByLabel(ro ? "Număr de zile" : "Number of days").fill("60");
      await expect(group.getByText(warning)).toBeVisible();

      // The warning does not stop the request.
      await page.getByLabel("E-mail").fill(`disponibil.${lang}@exemplu.ro`);
      await page.getByLabel(ro ? "Am citit și accept" : "I have read and accept the").check();
      await page.getByRole("button", { name: ro ? "TRIMITEȚI" : "SEND" }).click();
      await expect(
        page.getByRole("status").filter({
          hasText: ro ? "Datele de contact au fost trimise cu succes!" : "Your contact details were sent successfully!",
        }),
      ).toBeVisible();
    });
  });
}

test("the administrator turns availability off in Configurare: no calendar, no free range; on again, both are back", async ({
  adminPage: page,
}) => {
  const product = "/categorie/excavatoare/utilaj/kubota-kx057-5";
  const calendar = page.getByRole("region", { name: "Disponibilitate" });
  const freeRange = page.getByRole("group", { name: "Liber între" });
  const setSwitch = async (on: boolean) => {
    await open(page, "/admin/main/configuration");
    const toggle = page.getByRole("switch", { name: "Afisati disponibilitatea pe site" });
    await expect(toggle).toBeChecked({ checked: !on });
    await expectNoSeriousA11yViolations(page, `the configuration's switch ${on ? "off" : "on"}`);
    await toggle.setChecked(on);
    await page.getByRole("button", { name: "Salvare" }).click();
    await expectToast(page, "Configuratia a fost actualizata cu succes!");
  };

  await setSwitch(false);
  await open(page, product);
  await expect(page.getByRole("heading", { level: 1, name: "Kubota KX057-5" })).toBeVisible();
  await expect(calendar).toHaveCount(0);
  await open(page, "/categorie/excavatoare");
  await page.getByText("Filtrați și ordonați").click();
  await expect(page.getByRole("group", { name: /^Masă operațională/ })).toBeVisible();
  await expect(freeRange).toHaveCount(0);

  await setSwitch(true);
  await open(page, product);
  await expect(calendar.getByRole("table")).toBeVisible();
  await open(page, "/categorie/excavatoare");
  await page.getByText("Filtrați și ordonați").click();
  await expect(freeRange).toBeVisible();
});
