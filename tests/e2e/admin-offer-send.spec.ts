import { expectNoSeriousA11yViolations } from "./axe.ts";
import { storeLead } from "../fixtures/leads.ts";
import { expect, expectToast, test } from "./fixtures.ts";
import { demoMachine, writeDraft } from "./offer-drafts.ts";

/**
 * Sending an offer from its page (decision 096): the confirmation names the recipient, the page then
 * says what was sent and the button says why it can be no more; a draft without an e-mail cannot be
 * sent; the request's page lists its offers and the inbox shows and filters by the offer's state. Each
 * changed screen axe-clean.
 */
test("the office sends an offer, reads what was sent, and finds its request by the offer's state", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  const machine = await demoMachine(page);
  const { id: leadId } = await storeLead(server.services.db, new Date(), { last_name: "Trimisescu" });
  const write = (fields: Record<string, unknown>) => writeDraft(server, adminSession.token, machine, fields);
  const offer = await write({ customer_email: "stefan@example.ro", lead_uuid: leadId });
  const unreachable = await write({ customer_email: "" });

  await page.goto(`/admin/main/oferte/${unreachable.uuid}`);
  await expect(page.getByRole("button", { name: "Trimiteți oferta" })).toBeDisabled();
  await expect(page.getByText("Oferta nu are adresa de e-mail a clientului: completați-o în ciornă.")).toBeVisible();

  await page.goto(`/admin/main/oferte/${offer.uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: `Oferta ${offer.number} v1` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a draft with its send button");
  await page.getByRole("button", { name: "Trimiteți oferta" }).click();
  const dialog = page.getByRole("dialog", { name: "Trimiteți oferta?" });
  await expect(dialog).toContainText("va fi trimisă pe e-mail la stefan@example.ro, în limba română");
  await dialog.getByRole("button", { name: "Trimiteți" }).click();
  await expectToast(page, "Oferta a fost trimisă la stefan@example.ro.");
  const sent = page.getByRole("note").filter({ hasText: "Trimisă clientului" });
  await expect(sent).toContainText("pe e-mail la stefan@example.ro");
  await expect(sent).toContainText(`PDF-ul ${offer.number}-v1.pdf atașat`);
  await expect(sent).toContainText("Utilajul ei a fost rezervat tentativ");
  await expect(page.getByRole("button", { name: "Trimiteți oferta" })).toBeDisabled();
  await expect(page.getByText(/^Doar o ciornă poate fi trimisă/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a sent offer");

  await page.getByRole("link", { name: "Cererea de ofertă" }).click();
  const offers = page.getByRole("region", { name: "Oferte (1)" });
  await expect(offers.getByRole("link", { name: `${offer.number} v1` })).toBeVisible();
  await expect(offers).toContainText("Trimisă");
  await expect(page.getByRole("heading", { name: /^Stare: / })).toContainText("ontactat");
  await expectNoSeriousA11yViolations(page, "a request with its offers");
  // Its erasure says that the offers' customer goes too (decision 100); cancelled here.
  await page.getByRole("button", { name: "Stergeti cererea" }).click();
  const erasure = page.getByRole("dialog", { name: "Stergere cerere" });
  await expect(erasure).toContainText("datele clientului din ofertele ei, cu e-mailurile lor, vor fi sterse definitiv");
  await erasure.getByRole("button", { name: "Renuntati" }).click();
  await expect(erasure).toBeHidden();

  await page.goto("/admin/main/leads");
  await page.getByRole("combobox", { name: "Ofertă" }).selectOption("trimisa");
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL(/[?&]offer=trimisa/);
  const row = page.getByRole("row", { name: /Trimisescu/ });
  await expect(row).toContainText("Trimisă");
  await expectNoSeriousA11yViolations(page, "the inbox filtered by the offer's state");
  await page.getByRole("combobox", { name: "Ofertă" }).selectOption("none");
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL(/[?&]offer=none/);
  await expect(page.getByRole("row", { name: /Trimisescu/ })).toHaveCount(0);
});
