import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, daysBetween, mondayOf, romanianDay } from "../../common/days/romanian-day.ts";
import { formatDay } from "../../app/admin/ui/date-format.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test, type AdminSession } from "./fixtures.ts";

/**
 * The planner (decision 072): machines by category against weeks of days, each booking a button;
 * with the keyboard alone a booking is moved a day (arrows), its last day changed (Shift+arrows),
 * and each change is saved and said aloud, and the machine's public calendar shows it; axe finds
 * nothing serious.
 */

const monday = mondayOf(romanianDay());
/** A day of the planner's first week or the next, never before today. */
const day = (n: number) => addDays(monday, 7 + n);

async function call<T>(server: RunningServer, session: AdminSession, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The demo's CAT 320, and a confirmed booking of it from day(1) to `last`. */
async function bookCat320(server: RunningServer, session: AdminSession, last: string) {
  const products = await call<ProductView[]>(server, session, "GET", "/api/product");
  const cat = products.find((product) => product.model === "CAT 320");
  if (!cat) throw new Error("CAT 320 is not in the demo catalogue");
  const booking = await call<BookingView>(server, session, "POST", "/api/bookings", {
    product_uuid: cat.uuid,
    state: "confirmat",
    first_day: day(1),
    last_day: last,
  });
  return { cat, booking };
}

test("the administrator moves a booking by keyboard in the planner and the move is saved", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  const { cat, booking } = await bookCat320(server, adminSession, day(3));

  await page.goto("/admin/main/planificare");
  await expect(page.getByRole("heading", { name: "Planificare" })).toBeVisible();
  await page.getByLabel("Cautare model").fill("CAT 320");
  const row = page.getByRole("group", { name: "CAT 320, flota 1" });
  const bar = row.getByRole("button", { name: /^CAT 320: / });
  await expect(bar).toHaveText("C1");
  await expectNoSeriousA11yViolations(page, "the planner");

  await bar.focus();
  await page.keyboard.press("ArrowRight");
  const status = page.getByRole("status");
  await expect(status).toContainText("CAT 320: mutata pe");
  await expect(bar).toBeFocused();
  await page.keyboard.press("Shift+ArrowRight");
  await expect(status).toContainText("CAT 320: acum pe");

  const stored = await call<BookingView>(server, adminSession, "GET", `/api/bookings/${booking.uuid}`);
  expect([stored.first_day, stored.last_day, stored.version]).toEqual([day(2), day(5), 3]);

  // The public calendar follows at once: its one unit is now taken from day(2) to day(5), and free the day before.
  const visitor = await page.context().newPage();
  await visitor.goto(`/categorie/${cat.category_slug}/utilaj/${cat.slug}`);
  const dayCell = (n: number) => visitor.locator(`td:has(time[datetime="${day(n)}"])`);
  await expect(dayCell(1)).toHaveAttribute("data-state", "free");
  await expect(dayCell(1)).toContainText("liber");
  for (const n of [2, 5]) {
    await expect(dayCell(n)).toHaveAttribute("data-state", "booked");
    await expect(dayCell(n)).toContainText("ocupat");
  }
  await expect(dayCell(6)).toHaveAttribute("data-state", "free");
  await visitor.close();

  // The mouse: the bar dragged two days on, then its right edge one day further.
  const box = await bar.boundingBox();
  if (!box) throw new Error("the bar is not laid out");
  await page.mouse.move(box.x + 6, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 6 + 30, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 6 + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(status).toContainText(`CAT 320: mutata pe`);
  await expect
    .poll(async () => (await call<BookingView>(server, adminSession, "GET", `/api/bookings/${booking.uuid}`)).first_day)
    .toBe(day(4));
  const moved = await bar.boundingBox();
  if (!moved) throw new Error("the bar is not laid out");
  await page.mouse.move(moved.x + moved.width - 3, moved.y + moved.height / 2);
  await page.mouse.down();
  await page.mouse.move(moved.x + moved.width - 3 + 30, moved.y + moved.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(status).toContainText("CAT 320: acum pe");
  const dragged = await call<BookingView>(server, adminSession, "GET", `/api/bookings/${booking.uuid}`);
  expect([dragged.first_day, dragged.last_day]).toEqual([day(4), day(8)]);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Enter opens its form; Delete cancels it after the question, and the row stays in the history.
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "Rezervare: CAT 320" });
  await expect(form.getByLabel("Prima zi")).toHaveValue(day(4));
  await expectNoSeriousA11yViolations(page, "a booking's form in the planner");
  await form.getByRole("button", { name: "Renuntati" }).click();
  await expect(form).toBeHidden();
  await bar.focus();
  await page.keyboard.press("Delete");
  const question = page.getByRole("dialog", { name: "Anulare rezervare" });
  await question.getByRole("button", { name: "Anulati rezervarea" }).click();
  await expect(status).toContainText("a fost anulata");
  await expect(bar).toHaveCount(0);
  const cancelled = await call<BookingView>(server, adminSession, "GET", `/api/bookings/${booking.uuid}`);
  expect(cancelled.state).toBe("anulat");
});

test("a fleet lowered below its confirmed bookings in the product form asks first, then marks them overbooked", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  allowConsoleProblems(page, /status of 409/);
  const { cat, booking } = await bookCat320(server, adminSession, day(1));

  await page.goto(`/admin/main/products/edit/${cat.uuid}`);
  await page.getByLabel("Unitati in flota").fill("0");
  await page.getByRole("button", { name: "Salvare" }).click();
  const question = page.getByRole("dialog", { name: "Suprarezervare" });
  await expect(question).toContainText("Rezervarile confirmate iau mai multe unitati decat flota noua");
  await expect(question).toContainText("(1 din 0)");
  await expectNoSeriousA11yViolations(page, "the question of a lowered fleet");
  await question.getByRole("button", { name: "Confirmati suprarezervarea" }).click();
  await expectToast(page, "Produsul a fost actualizat cu succes!");
  const stored = await call<BookingView>(server, adminSession, "GET", `/api/bookings/${booking.uuid}`);
  expect(stored.overbooked).toBe(true);
  const [saved] = await call<ProductView[]>(server, adminSession, "GET", `/api/product/${cat.uuid}`);
  expect(saved?.units).toBe(0);
});

test("a new booking is made by dragging over a machine's empty days, or with Enter on one of its days", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  await page.goto("/admin/main/planificare");
  await expect(page.getByRole("heading", { name: "Planificare" })).toBeVisible();
  await page.getByLabel("Cautare model").fill("CAT 320");
  const row = page.getByRole("group", { name: "CAT 320, flota 1" });
  const days = row.getByRole("button", { name: /^Rezervare noua CAT 320, / });

  // The mouse: from day(2)'s column to day(4)'s, the form opens for the machine and those days.
  const layer = await days.boundingBox();
  if (!layer) throw new Error("the days are not laid out");
  const column = (n: number) => layer.x + (daysBetween(monday, day(n)) + 0.5) * 30;
  const middle = layer.y + layer.height / 2;
  await page.mouse.move(column(2), middle);
  await page.mouse.down();
  await page.mouse.move(column(3), middle, { steps: 4 });
  await page.mouse.move(column(4), middle, { steps: 4 });
  await page.mouse.up();
  const form = page.getByRole("dialog", { name: "Rezervare noua" });
  await expect(form.getByLabel("Utilaj").locator("option:checked")).toHaveText("CAT 320");
  await expect(form.getByLabel("Prima zi")).toHaveValue(day(2));
  await expect(form.getByLabel("Ultima zi")).toHaveValue(day(4));
  await expectNoSeriousA11yViolations(page, "a new booking's form from dragged days");
  await form.getByRole("button", { name: "Salvare" }).click();
  await expect(form).toBeHidden();
  const status = page.getByRole("status");
  await expect(status).toContainText("CAT 320: rezervare salvata");
  const saved = await call<BookingView[]>(server, adminSession, "GET", `/api/bookings?from=${day(2)}&to=${day(4)}`);
  expect(saved.map((booking) => [booking.product_model, booking.first_day, booking.last_day])).toContainEqual([
    "CAT 320",
    day(2),
    day(4),
  ]);

  // The keyboard: the row's days are one stop; the arrows choose a day, said aloud; Enter opens its form.
  await days.focus();
  await page.keyboard.press("Home");
  for (let step = 0; step < daysBetween(monday, day(7)); step += 1) await page.keyboard.press("ArrowRight");
  await expect(status).toContainText(`CAT 320: ${formatDay(day(7))}`);
  await expect(days).toHaveAccessibleName(
    new RegExp(`^Rezervare noua CAT 320, ${formatDay(day(7)).replace(/\./g, "\\.")}`),
  );
  await page.keyboard.press("Enter");
  await expect(form.getByLabel("Prima zi")).toHaveValue(day(7));
  await expect(form.getByLabel("Ultima zi")).toHaveValue(day(7));
  await form.getByRole("button", { name: "Renuntati" }).click();
  await expect(form).toBeHidden();
  await expect(days).toBeFocused();
  await expectNoSeriousA11yViolations(page, "the planner with its days focused");
});
