import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { storeLead } from "../fixtures/leads.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";

/**
 * A request turned into bookings (decision 070): 'Rezervati' proposes a booking per machine of the
 * quote list with its days, says whether each is free, asks the days of a machine without them, and
 * makes them in one step; a confirmation beyond the fleet is shown with its days and made knowingly.
 */

const today = romanianDay();
const day = (n: number) => addDays(today, n);

async function byModel(server: RunningServer, model: string): Promise<ProductView> {
  const products = (await (await fetch(new URL("/api/product", server.url))).json()) as ProductView[];
  const product = products.find((item) => item.model === model);
  if (!product) throw new Error(`${model} is not in the demo catalogue`);
  return product;
}

test("the administrator books a request's machines in one step, confirming an overbooking knowingly", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  const cat = await byModel(server, "CAT 320");
  const bomag = await byModel(server, "Bomag BW 120 AD-5");
  const item = (product: ProductView, start: string | null, days: number | null) => ({
    product_id: product.uuid,
    product_model: product.model,
    category_id: product.category_uuid,
    category_name: product.category,
    start_date: start,
    days,
    with_operator: 0,
  });
  const { id } = await storeLead(server.services.db, new Date(), { last_name: "Rezervare" }, {}, [
    item(cat, day(3), 5),
    item(bomag, null, null),
  ]);
  // Another customer's confirmed booking takes the one CAT 320 on the request's fourth day.
  const taken = await fetch(new URL("/api/bookings", server.url), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminSession.token}` },
    body: JSON.stringify({ product_uuid: cat.uuid, state: "confirmat", first_day: day(6), last_day: day(6) }),
  });
  expect(taken.status).toBe(201);

  await page.goto(`/admin/main/leads/${id}`);
  const bookings = page.getByRole("region", { name: "Rezervari" });
  await expect(bookings.getByText("Nicio rezervare din aceasta cerere.")).toBeVisible();
  await bookings.getByRole("button", { name: "Rezervati" }).click();

  const form = page.getByRole("form", { name: "Rezervarea utilajelor cererii" });
  const catRow = form.getByRole("group", { name: "1. CAT 320" });
  const bomagRow = form.getByRole("group", { name: "2. Bomag BW 120 AD-5" });
  await expect(catRow.getByLabel("Prima zi")).toHaveValue(day(3));
  await expect(catRow.getByLabel("Ultima zi")).toHaveValue(day(7));
  await expect(catRow.getByRole("status")).toContainText("Ocupat partial sau complet:");
  await expect(bomagRow.getByRole("status")).toHaveText("Alegeti prima si ultima zi");
  await expect(form.getByRole("button", { name: "Creati rezervarile" })).toBeDisabled();
  await bomagRow.getByLabel("Prima zi").fill(day(10));
  await bomagRow.getByLabel("Ultima zi").fill(day(12));
  await expect(bomagRow.getByRole("status")).toHaveText("Liber in toate zilele (flota: 1)");
  await form.getByRole("radio", { name: "Confirmat" }).check();
  await expectNoSeriousA11yViolations(page, "the request's booking form");

  // The refusal the question answers is logged by the browser.
  allowConsoleProblems(page, /status of 409 \(Conflict\).*\/bookings/);
  await form.getByRole("button", { name: "Creati rezervarile" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("Suprarezervare");
  await expect(alert.getByRole("listitem")).toHaveText([/^CAT 320: .* — 2 unitati confirmate din 1$/]);
  await expectNoSeriousA11yViolations(page, "the overbooking's question");
  await alert.getByRole("button", { name: "Confirmati suprarezervarea" }).click();
  await expectToast(page, "Rezervarile au fost create cu succes!");

  const rows = bookings.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("CAT 320");
  await expect(rows.nth(1)).toContainText("Confirmat (suprarezervat)");
  await expect(rows.nth(2)).toContainText("Bomag BW 120 AD-5");
  await expect(rows.nth(2)).toContainText("Confirmat");
  await expectNoSeriousA11yViolations(page, "a request with its bookings");

  // Each booking links the planner, opened at it; its form there links the request back.
  await rows.nth(2).getByRole("link", { name: "Bomag BW 120 AD-5" }).click();
  await expect(page).toHaveURL(/\/admin\/main\/planificare\?booking=/);
  const bar = page.getByRole("button", { name: /^Bomag BW 120 AD-5: / });
  await expect(bar).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("link", { name: "Cererea de oferta din care vine rezervarea" }).click();
  await expect(page).toHaveURL(`/admin/main/leads/${id}`);
});
