import { formatPhone } from "../../common/fields/phone.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, expectToast, test } from "./fixtures.ts";

test("configuration: the rules of spec §5, the pair rule blocks saving, the saved values reach the public top bar and footer", async ({
  adminPage: page,
  catalogue,
}) => {
  await page.getByRole("link", { name: "Configurare" }).click();
  await expect(page).toHaveURL("/admin/main/configuration");
  const primary = page.getByRole("group", { name: "Contact principal" });
  const second = page.getByRole("group", { name: "Al doilea contact (optional)" });
  const seeded = Object.fromEntries((await catalogue.configuration()).map((entry) => [entry.key, entry.value]));
  await expect(primary.getByRole("textbox", { name: "Adresa de e-mail" })).toHaveValue(seeded.contact_mail_to ?? "");
  await expectNoSeriousA11yViolations(page, "the configuration");
  const save = page.getByRole("button", { name: "Salvare" });

  const mail = primary.getByRole("textbox", { name: "Adresa de e-mail" });
  await mail.fill("");
  await expect(primary.getByText("Adresa de mail este obligatorie!")).toBeVisible();
  await mail.fill("Birou@Firma");
  await expect(primary.getByText("Adresa de mail nu este valida.")).toBeVisible();
  await expect(save).toBeDisabled();
  await mail.fill("birou@firma-noua.ro");

  const phone = primary.getByRole("textbox", { name: "Numarul de telefon" });
  await phone.fill("0812 345 678");
  await expect(primary.getByText("Numarul de telefon nu este valid.")).toBeVisible();
  await phone.fill("0722 111 222");
  await primary.getByRole("textbox", { name: "Subiectul e-mailurilor" }).fill("");
  await expect(primary.getByText("Subiectul este obligatoriu!")).toBeVisible();
  await primary.getByRole("textbox", { name: "Subiectul e-mailurilor" }).fill("Cerere de oferta");

  // The second contact: an e-mail without a phone (or the reverse) blocks saving.
  await second.getByRole("textbox", { name: "Adresa de e-mail" }).fill("vanzari@firma-noua.ro");
  await second.getByRole("textbox", { name: "Numarul de telefon" }).fill("");
  await expect(second.getByText("Numarul de telefon este obligatoriu!")).toBeVisible();
  await expect(save).toBeDisabled();
  await expectNoSeriousA11yViolations(page, "the configuration with errors");
  await second.getByRole("textbox", { name: "Numarul de telefon" }).fill("0213 456 789");
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, "Configuratia a fost actualizata cu succes!");
  await expect(phone).toHaveValue("0722111222");

  const saved = Object.fromEntries((await catalogue.configuration()).map((entry) => [entry.key, entry.value]));
  expect(saved).toMatchObject({
    contact_mail_to: "birou@firma-noua.ro",
    contact_phone: "0722111222",
    contact_mail_subject: "Cerere de oferta",
    contact_mail_to_second: "vanzari@firma-noua.ro",
    contact_phone_second: "0213456789",
  });

  // Saved: leaving asks nothing, and the public pages show the new contact on their next load.
  await page.goto("/home");
  await waitForHydration(page);
  for (const number of ["0722111222", "0213456789"]) {
    await expect(page.locator(`header a[href="tel:${number}"]`).first()).toContainText(formatPhone(number));
  }
  await expect(page.locator('header a[href="mailto:vanzari@firma-noua.ro"]').first()).toBeVisible();
  await expect(page.locator('footer a[href="tel:0722111222"]')).toBeVisible();
  await expect(page.locator('footer a[href="mailto:birou@firma-noua.ro"]')).toBeVisible();
});

test("the leave guard: a changed configuration asks before leaving; 'Nu' stays, 'Da' leaves; closing the tab is guarded too", async ({
  adminPage: page,
}) => {
  await page.getByRole("link", { name: "Configurare" }).click();
  const subject = page
    .getByRole("group", { name: "Contact principal" })
    .getByRole("textbox", { name: "Subiectul e-mailurilor" });
  // Untouched: leaving is free.
  await page.getByRole("link", { name: "Profil" }).click();
  await expect(page).toHaveURL("/admin/main/profile");
  await page.getByRole("link", { name: "Configurare" }).click();

  await subject.fill("Subiect schimbat");
  await page.getByRole("link", { name: "Profil" }).click();
  const guard = page.getByRole("dialog", { name: "Sunteti sigur?" });
  await expect(guard).toContainText("Formularul nu a fost trimis încă, chiar doriți să părăsiți pagina?");
  await expectNoSeriousA11yViolations(page, "the leave guard");
  await guard.getByRole("button", { name: "Nu" }).click();
  await expect(page).toHaveURL("/admin/main/configuration");
  await expect(subject).toHaveValue("Subiect schimbat");

  const beforeUnload = new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe("beforeunload");
  expect(page.isClosed()).toBe(false);

  await page.getByRole("link", { name: "Profil" }).click();
  await guard.getByRole("button", { name: "Da" }).click();
  await expect(page).toHaveURL("/admin/main/profile");
});

test("the offers' letterhead: a wrong IBAN is shown at its field and blocks saving; a right one is saved in capitals, without spaces", async ({
  adminPage: page,
  catalogue,
}) => {
  await page.getByRole("link", { name: "Configurare" }).click();
  const offers = page.getByRole("group", { name: "Oferte" });
  const iban = offers.getByRole("textbox", { name: "IBAN (optional)" });
  const save = page.getByRole("button", { name: "Salvare" });
  await iban.fill("RO48 AAAA 1B31 0075 9384 0000");
  await expect(offers.getByText("IBAN-ul nu este valid (tara, cifrele de control si contul)")).toBeVisible();
  await expect(save).toBeDisabled();
  await iban.fill("ro49 aaaa 1b31 0075 9384 0000");
  await offers.getByRole("textbox", { name: "Denumirea firmei" }).fill("SC Utilaje Țărănești SRL");
  await expect(save).toBeEnabled();
  await expectNoSeriousA11yViolations(page, "the configuration with the letterhead");
  await save.click();
  await expectToast(page, "Configuratia a fost actualizata cu succes!");
  const saved = Object.fromEntries((await catalogue.configuration()).map((entry) => [entry.key, entry.value]));
  expect(saved).toMatchObject({
    company_iban: "RO49AAAA1B31007593840000",
    company_legal_name: "SC Utilaje Țărănești SRL",
  });
});
