import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import ICAL from "ical.js";
import type { ActivityPage } from "../../common/activity/activity-schemas.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { moneyText } from "../../common/pricing/amount-text.ts";
import { priceText } from "../../common/pricing/price-text.ts";
import { rentalPrice } from "../../common/pricing/rental-price.ts";
import { formatRange } from "../../app/admin/bookings/booking-labels.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import { parseMessage, type ReceivedAttachment } from "../helpers/smtp.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, expectToast, test, type AdminSession } from "./fixtures.ts";

/**
 * The whole way of an offer (issue 53), in a real browser against one server: a visitor reads a
 * machine's rate and the quote list's estimate, asks for it with days; the office opens the request,
 * makes an offer from it with a 10 % discount and sends it; the e-mail carries the PDF (read back with
 * pdftotext) and the personal link; the customer accepts on the offer's page; the booking is then
 * confirmed in the planner and taken on the public calendar, the confirmation carries an .ics that
 * parses, and the Jurnal names each step. The e-mails are read from the outbox's .eml files. The visitor and the customer use the test's device (a 360 px
 * phone, a desktop); the office works on a desktop in its own tab.
 */

const MODEL = "CAT 320";
const run = promisify(execFile);
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const lei = (minor: number) => moneyText(minor, "RON", "ro");

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await waitForHydration(page);
}

/** A tab of its own in `browser`, failing the test on console errors and page errors (as the `page` fixture). */
async function visitorTab(browser: Browser, server: RunningServer, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

/**
 * The attachment named like `name` of the message to `to` that has one, once the outbox has written it
 * as an .eml file (no SMTP_URL), with that message's text.
 */
async function attachmentTo(server: RunningServer, to: string, name: RegExp) {
  const find = () => {
    for (const file of emlFiles(server.services.config.DATA_DIR)) {
      const mail = parseMessage(readFileSync(file, "utf8").replace(/\r?\n/g, "\r\n"), [to]);
      if (!mail.header("To").includes(to)) continue;
      const attachment = mail.attachments.find((each) => name.test(each.filename));
      if (attachment) return { ...attachment, text: mail.text };
    }
    return undefined;
  };
  await expect.poll(() => find() !== undefined, { message: `an .eml to ${to} with ${name}` }).toBe(true);
  return find() as { text: string } & ReceivedAttachment;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "utilaje-journey-"));
  try {
    const file = path.join(folder, "offer.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
    return stdout.replace(/[ \t\u00a0]+/g, " ");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function adminGet<T>(server: RunningServer, session: AdminSession, pathname: string): Promise<T> {
  const response = await fetch(new URL(pathname, server.url), {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status, `GET ${pathname}`).toBe(200);
  return (await response.json()) as T;
}

// The outbox writes each message as an .eml file in the data directory: the test reads what was sent there.
test.use({ serverEnv: { SMTP_URL: "" } });

for (const { device, viewport } of [
  { device: "a 360 px phone", viewport: { width: 360, height: 780 } },
  { device: "a desktop", viewport: { width: 1280, height: 900 } },
]) {
  test(`on ${device}: asked for, offered with a discount, sent, accepted, booked, logged`, async ({
    adminPage: office,
    adminSession,
    browser,
    server,
  }) => {
    await office.setViewportSize({ width: 1280, height: 900 });
    const products = await adminGet<ProductView[]>(server, adminSession, "/api/product");
    const machine = products.find((product) => product.model === MODEL);
    if (!machine?.prices?.day) throw new Error(`${MODEL} is not in the demo catalogue with rates`);
    // One unit and no demo booking (server/seed/demo-bookings.ts): its days are free until this offer.
    expect(machine.units).toBe(1);
    const first = addDays(romanianDay(), 8);
    const last = addDays(romanianDay(), 10);
    const email = `journey.${viewport.width}@exemplu.ro`;
    const [lastName, firstName] = ["Ștefănescu", "Țicu"];
    const acceptedBy = "Ioana Țăranu";
    const visitor = await visitorTab(browser, server, viewport);
    const { page } = visitor;

    // The visitor: the machine's rate, the quote list's estimate, the request sent.
    await open(page, `/categorie/${machine.category_slug}/utilaj/${machine.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: MODEL })).toBeVisible();
    await expect(page.getByText(`de la ${priceText(machine.prices.day, "RON", "ro")}/zi + TVA`)).toBeVisible();
    await page.getByRole("button", { name: `Adăugați la cerere: ${MODEL}` }).click();
    await expect(page.getByRole("button", { name: `Scoateți din cerere: ${MODEL}` })).toBeVisible();
    await open(page, "/contact#quote-list");
    const group = page.getByRole("group", { name: new RegExp(`^${literally(MODEL)} `) });
    await group.getByLabel("Data de început").fill(first);
    await group.getByLabel("Număr de zile").fill("3");
    await expect(group.getByLabel("sau data de sfârșit")).toHaveValue(last);
    const estimated = rentalPrice(
      {
        day: machine.prices.day,
        week: machine.prices.week,
        month: machine.prices.month,
        minimumDays: machine.prices.minimum_days,
      },
      3,
    ).amount;
    const estimate = page.getByRole("region", { name: "Estimativ, fără TVA" });
    await expect(estimate.getByRole("row", { name: new RegExp(`^${literally(MODEL)}, 3 zile`) })).toContainText(
      priceText(estimated, "RON", "ro"),
    );
    await expect(estimate.getByRole("row", { name: /^Total estimativ, fără TVA/ })).toContainText(
      priceText(estimated, "RON", "ro"),
    );
    await page.getByLabel("Nume", { exact: true }).fill(lastName);
    await page.getByLabel("Prenume", { exact: true }).fill(firstName);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Am citit și accept").check();
    await page.getByRole("button", { name: "TRIMITEȚI" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Datele de contact au fost trimise cu succes!" }),
    ).toBeVisible();

    // The office: the request in the inbox, an offer made from it with 10 % off, saved and sent.
    await office.goto("/admin/main/leads");
    await office.getByRole("link", { name: `${lastName} ${firstName}` }).click();
    await expect(office.getByRole("heading", { level: 1 })).toBeVisible();
    await office.getByRole("link", { name: "Creați ofertă" }).click();
    await expect(office.getByRole("heading", { level: 1, name: "Ofertă nouă" })).toBeVisible();
    const line = office.getByRole("group", { name: "Linia 1" });
    await expect(line.getByLabel("Utilaj")).toHaveValue(machine.uuid);
    await expect(line.getByLabel("Prima zi")).toHaveValue(first);
    await expect(line.getByLabel("Ultima zi")).toHaveValue(last);
    await office.getByLabel("Reducere pe toată oferta (%)").fill("10");
    await office.getByRole("button", { name: "Salvați oferta" }).click();
    await expectToast(office, "Oferta a fost salvată.");
    const heading = office.getByRole("heading", { level: 1, name: /^Oferta OF-\d{4}-\d{4} v1$/ });
    await expect(heading).toBeVisible();
    const number = /OF-\d{4}-\d{4}/.exec((await heading.textContent()) ?? "")?.[0] ?? "";
    const offerId = /\/admin\/main\/oferte\/([0-9a-f-]{36})/.exec(office.url())?.[1] ?? "";
    const offer = await adminGet<OfferView>(server, adminSession, `/api/offers/${offerId}`);
    expect(offer).toMatchObject({
      number,
      discount: 1000,
      customer_name: `${firstName} ${lastName}`,
      customer_email: email,
      state: "ciorna",
    });
    const [machineLine] = offer.lines;
    expect(offer.discount_amount).toBe(Math.round(offer.subtotal / 10));
    expect(offer.total).toBe(offer.net + offer.vat_amount);
    await expect(office.getByText(`Total cu TVA: ${lei(offer.total)}`)).toBeVisible();
    await office.getByRole("button", { name: "Trimiteți oferta" }).click();
    const dialog = office.getByRole("dialog", { name: "Trimiteți oferta?" });
    await expect(dialog).toContainText(email);
    await dialog.getByRole("button", { name: "Trimiteți" }).click();
    await expectToast(office, `Oferta a fost trimisă la ${email}.`);

    // The e-mail: the PDF read back, and the personal link.
    const pdf = await attachmentTo(server, email, /\.pdf$/);
    expect(pdf.filename).toBe(`${number}-v1.pdf`);
    expect(pdf.contentType).toBe("application/pdf");
    const link = new RegExp(`${literally(server.url)}/oferta/([A-Za-z0-9_-]{43})`).exec(pdf.text);
    if (!link) throw new Error(`no personal link in:\n${pdf.text}`);
    const text = await pdfText(pdf.content);
    for (const expected of [
      `Ofertă ${number}`,
      MODEL,
      lei(machineLine.total),
      "Reducere 10",
      "Total fără TVA",
      lei(offer.net),
      lei(offer.vat_amount),
      "Total de plată",
      lei(offer.total),
      offer.customer_name,
      "(3 zile)",
      link[0],
    ])
      expect(text, `the PDF says ${expected}`).toContain(expected);

    // The customer: the link on the same device, accepted.
    await page.goto(`/oferta/${link[1]}`);
    await expect(page.getByRole("heading", { level: 1, name: `Ofertă ${number}` })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Total de plată" })).toBeVisible();
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll).toBeLessThanOrEqual(width);
    await page.getByLabel("Numele persoanei care acceptă").fill(acceptedBy);
    await page.getByLabel("Accept condițiile de închiriere").check();
    await page.getByRole("button", { name: "Accept oferta" }).click();
    await expect(page.getByRole("status")).toContainText("Ați acceptat această ofertă");
    await expect(page.getByRole("status")).toContainText(acceptedBy);

    // The planner: the machine's booking confirmed on those days.
    await office.goto("/admin/main/planificare");
    await expect(office.getByRole("heading", { name: "Planificare" })).toBeVisible();
    await office.getByLabel("Cautare model").fill(MODEL);
    const row = office.getByRole("group", { name: `${MODEL}, flota 1` });
    await expect(
      row.getByRole("button", { name: `${MODEL}: ${formatRange(first, last)}, 1 buc., Confirmat.`, exact: false }),
    ).toBeVisible();

    // The public calendar: those days taken, the ones around them free.
    await open(page, `/categorie/${machine.category_slug}/utilaj/${machine.slug}`);
    const dayCell = (day: string) =>
      page.getByRole("region", { name: "Disponibilitate" }).locator(`td:has(time[datetime="${day}"])`);
    for (const day of [first, addDays(first, 1), last]) {
      await expect(dayCell(day)).toHaveAttribute("data-state", "booked");
      await expect(dayCell(day)).toContainText("ocupat");
    }
    for (const day of [addDays(first, -1), addDays(last, 1)])
      await expect(dayCell(day)).toHaveAttribute("data-state", "free");

    // The confirmation's .ics parses: one confirmed event over those days.
    const ics = await attachmentTo(server, email, /\.ics$/);
    expect(ics.filename).toBe(`inchiriere-${number}.ics`);
    expect(ics.contentType).toBe("text/calendar");
    expect(ics.text).toContain(acceptedBy);
    const events = new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    expect(String(events[0].getFirstPropertyValue("dtstart"))).toBe(first);
    expect(String(events[0].getFirstPropertyValue("dtend"))).toBe(addDays(last, 1));
    expect(String(events[0].getFirstPropertyValue("status"))).toBe("CONFIRMED");
    expect(String(events[0].getFirstPropertyValue("summary"))).toContain(MODEL);

    // The Jurnal names every step, the acceptance by the customer's name.
    const item = `${number} v1 (${offer.customer_name})`;
    const log = await adminGet<ActivityPage>(server, adminSession, "/api/activity?kind=offer");
    const steps = log.items.filter((entry) => entry.itemId === offerId);
    expect(steps.map(({ action, itemName, userName }) => ({ action, itemName, userName })).reverse()).toEqual([
      { action: "create", itemName: item, userName: expect.any(String) },
      { action: "status_change", itemName: item, userName: expect.any(String) },
      { action: "status_change", itemName: item, userName: `Client: ${acceptedBy}` },
    ]);
    await office.goto("/admin/main/jurnal");
    await expect(office.getByRole("heading", { level: 1, name: "Jurnal" })).toBeVisible();
    const rows = office.getByRole("table").getByRole("row").filter({ hasText: item });
    await expect(rows.filter({ hasText: "Oferta noua (ciorna)" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Oferta trimisa pe e-mail" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Oferta acceptata de client" })).toContainText(`Client: ${acceptedBy}`);

    expect(visitor.problems, "console errors and page errors of the visitor's tab").toEqual([]);
    await visitor.close();
  });
}
