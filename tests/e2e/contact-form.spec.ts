import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { formatPhone, telHref } from "../../common/fields/phone.ts";
import type { ReceivedMail, TestSmtpServer } from "../helpers/smtp.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { consentGiven, waitForHydration } from "./browser-checks.ts";
import { expect, test } from "./fixtures.ts";

/** The one message the site delivered to the test's SMTP server whose text holds `marker`. */
async function deliveredMail(mailbox: TestSmtpServer, marker: string): Promise<ReceivedMail> {
  await expect.poll(() => mailbox.received.filter((mail) => mail.text.includes(marker)).length).toBe(1);
  return mailbox.received.find((mail) => mail.text.includes(marker)) as ReceivedMail;
}

/** Counts the page's sends of the contact request. */
function countSends(page: Page): () => number {
  let sends = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/contact") sends += 1;
  });
  return () => sends;
}

async function openContact(page: Page, path = "/contact"): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe("in Romanian", () => {
  test("blocks an empty form and shows the messages of spec §5, then each rule as it is fixed", async ({ page }) => {
    const sends = countSends(page);
    await openContact(page);
    await page.getByRole("button", { name: "TRIMITEȚI" }).click();
    await expect(page.getByText("Adresa de e-mail este obligatorie")).toBeVisible();
    await expect(page.getByText("Numarul de telefon este obligatoriu")).toBeVisible();
    await expect(page.getByText("Acceptati Politica de Confidentialitate")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("E-mail")).toBeFocused();

    // A valid phone makes the e-mail optional (and the other way round).
    await page.getByLabel("Telefon").fill("0722 123 456");
    await expect(page.getByText("Adresa de e-mail este obligatorie")).toHaveCount(0);
    await expect(page.getByText("Numarul de telefon este obligatoriu")).toHaveCount(0);
    await page.getByLabel("Telefon").fill("12-34");
    await expect(page.getByText("Numarul de telefon nu este valid")).toBeVisible();
    await expect(page.getByText("Adresa de e-mail este obligatorie")).toBeVisible();
    await page.getByLabel("E-mail").fill("ion@exemplu");
    await expect(page.getByText("Adresa de e-mail nu este valida")).toBeVisible();
    await page.getByLabel("E-mail").fill("ion@exemplu.ro");
    await expect(page.getByText("Adresa de e-mail nu este valida")).toHaveCount(0);
    // A phone that is given must be valid even beside a valid e-mail.
    await expect(page.getByText("Numarul de telefon nu este valid")).toBeVisible();
    await page.getByLabel("Telefon").fill("");
    await expect(page.getByText("Numarul de telefon nu este valid")).toHaveCount(0);
    await page.getByLabel("Am citit și accept").check();
    await expect(page.getByText("Acceptati Politica de Confidentialitate")).toHaveCount(0);
    expect(sends()).toBe(0);
  });

  test("the privacy policy opens in a modal that disables the box, keeps focus and closes with Escape", async ({
    page,
  }) => {
    await openContact(page);
    const box = page.getByLabel("Am citit și accept");
    const opener = page.getByRole("button", { name: "Politica de Confidențialitate" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Politica de Confidențialitate" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Regulamentul (UE) 2016/679");
    await expect(dialog).toContainText("365 de zile");
    await expect(dialog).toContainText("dataprotection.ro");
    await expect(box).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Închideți" })).toBeFocused();
    for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    }
    await expectNoSeriousA11yViolations(page, "the privacy policy dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(box).toBeEnabled();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole("button", { name: "Închideți" }).click();
    await expect(box).toBeEnabled();
  });

  test("sends a valid request with the invisible captcha, resets, and says 'already sent' when sent again", async ({
    page,
    mailbox,
  }) => {
    const sends = countSends(page);
    const challenges: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/contact/challenge") challenges.push(request.url());
    });
    await openContact(page);
    expect(challenges).toHaveLength(0);
    const marker = `marker-${randomUUID()}`;
    await page.getByLabel("Nume", { exact: true }).fill("Popescu");
    await page.getByLabel("Prenume").fill("Ion");
    await page.getByLabel("E-mail").fill("ion.popescu@exemplu.ro");
    await page.getByLabel("Telefon").fill("0722 123 456");
    await page.getByLabel("Localitate").fill("Cluj-Napoca");
    const categories = page.getByRole("group", { name: "Categorii de utilaje" }).getByRole("checkbox");
    await categories.nth(0).check();
    await categories.nth(1).check();
    const chosen = [await categories.nth(0).getAttribute("value"), await categories.nth(1).getAttribute("value")];
    await page.getByLabel("Mesaj").fill(`Am nevoie de un utilaj <b>luni</b>. ${marker}`);
    await page.getByLabel("Am citit și accept").check();
    // A double click sends once.
    await page.getByRole("button", { name: "TRIMITEȚI" }).dblclick();

    await expect(
      page.getByRole("status").filter({ hasText: "Datele de contact au fost trimise cu succes!" }),
    ).toBeVisible();
    expect(challenges).toHaveLength(1);
    expect(sends()).toBe(1);
    await expect(page.getByLabel("Nume", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Mesaj")).toHaveValue("");
    await expect(page.getByLabel("Am citit și accept")).not.toBeChecked();
    const mail = await deliveredMail(mailbox, marker);
    expect(mail.text).toContain("Nume: Popescu");
    expect(mail.text).toContain(`Categorii: ${chosen.join(", ")}`);
    expect(mail.header("Reply-To")).toBe("ion.popescu@exemplu.ro");
    expect(mail.html).toContain("&#60;b&#62;luni&#60;/b&#62;");
    expect(mail.text).not.toContain("fara verificarea anti-spam");

    // Spec §4: once sent, sending again only says so and clears the form.
    await page.getByLabel("E-mail").fill("alt@exemplu.ro");
    await page.getByLabel("Am citit și accept").check();
    await page.getByRole("button", { name: "TRIMITEȚI" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Datele de contact au fost deja trimise!" })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue("");
    expect(sends()).toBe(1);
  });

  test("'CERETI OFERTA' on a product page opens the form for that machine, and the request records it", async ({
    page,
    request,
    mailbox,
    server,
  }) => {
    const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
    let product: ProductView | undefined;
    let category: CategoryView | undefined;
    for (const candidate of categories) {
      const products = (await (await request.get(`/api/product/category/${candidate.uuid}`)).json()) as ProductView[];
      if (products[0]) {
        product = products[0];
        category = candidate;
        break;
      }
    }
    if (!product || !category) throw new Error("the demo catalogue has no product");
    // The button sits where the cookie bar appears a second after hydration: on a loaded machine it
    // took the click.
    await consentGiven(page.context(), server.url);
    await page.goto(`/categorie/${category.slug}/utilaj/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "CERETI OFERTA" }).click();
    await expect(page).toHaveURL(`/contact?product=${product.uuid}`);
    await expect(page.getByRole("heading", { name: `Cerere de ofertă pentru ${product.model}` })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: category.name, exact: true })).toBeChecked();
    await expect(page.getByLabel("Mesaj")).toHaveValue(`Doresc o ofertă de închiriere pentru ${product.model}.`);
    const marker = `marker-${randomUUID()}`;
    await page.getByLabel("Mesaj").fill(`Doresc o ofertă de închiriere pentru ${product.model}. ${marker}`);
    await page.getByLabel("Telefon").fill("0722 555 666");
    await page.getByLabel("Am citit și accept").check();
    await page.getByRole("button", { name: "TRIMITEȚI" }).click();
    await expect(page.getByText("Datele de contact au fost trimise cu succes!")).toBeVisible();
    const mail = await deliveredMail(mailbox, marker);
    expect(mail.text).toContain(`Utilaj: ${product.model}`);
    expect(mail.text).toContain(`Categorii: ${category.name}`);
  });

  test("without JavaScript the form posts to the page and gets a page back", async ({ browser, server, mailbox }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto("/contact");
      await page.getByRole("button", { name: "TRIMITEȚI" }).click();
      await expect(page.getByText("Adresa de e-mail este obligatorie")).toBeVisible();
      await expect(page.getByText("Acceptati Politica de Confidentialitate")).toBeVisible();
      const marker = `marker-${randomUUID()}`;
      await page.getByLabel("Mesaj").fill(`Fara JavaScript. ${marker}`);
      await expect(page.getByLabel("Mesaj")).toHaveValue(`Fara JavaScript. ${marker}`);
      await page.getByLabel("E-mail").fill("fara.js@exemplu.ro");
      await page.getByLabel("Am citit și accept").check();
      await page.getByRole("button", { name: "TRIMITEȚI" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Mulțumim! Cererea a fost trimisă" })).toBeVisible();
      const mail = await deliveredMail(mailbox, marker);
      expect(mail.text).toContain("fara verificarea anti-spam");
    } finally {
      await context.close();
    }
  });

  test("has no serious accessibility violations with errors shown", async ({ page }) => {
    await openContact(page);
    await page.getByRole("button", { name: "TRIMITEȚI" }).click();
    await expect(page.getByText("Acceptati Politica de Confidentialitate")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/contact with its errors shown");
  });
});

test.describe("in English", () => {
  test("shows the form, its messages and its toasts in English", async ({ page, context, baseURL, mailbox }) => {
    await context.addCookies([{ name: "lang", value: "en", url: baseURL ?? "" }]);
    await openContact(page);
    await page.getByRole("button", { name: "SEND" }).click();
    await expect(page.getByText("The e-mail address is required")).toBeVisible();
    await expect(page.getByText("The phone number is required")).toBeVisible();
    await expect(page.getByText("Please accept the Privacy Policy")).toBeVisible();
    await page.getByRole("button", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("dialog", { name: "Privacy Policy" })).toContainText("right to be forgotten");
    await page.keyboard.press("Escape");
    const marker = `marker-${randomUUID()}`;
    await page.getByLabel("E-mail").fill("john@example.co.uk");
    await page.getByLabel("Message").fill(`English request ${marker}`);
    await page.getByLabel("I have read and accept the").check();
    await page.getByRole("button", { name: "SEND" }).click();
    await expect(page.getByText("Your contact details were sent successfully!")).toBeVisible();
    await page.getByRole("button", { name: "SEND" }).click();
    await expect(page.getByText("Your contact details were already sent!")).toBeVisible();
    const mail = await deliveredMail(mailbox, marker);
    expect(mail.text).toContain("Limba site-ului: engleza");
  });
});

test.describe("without JavaScript, once the site's allowance is spent", () => {
  // One request without the captcha's answer per window for the whole site: the second is refused.
  test.use({ serverEnv: { CONTACT_NOSCRIPT_SITE_LIMIT: "1" } });

  test("the page says so and offers the company's phones and e-mails, in Romanian and in English", async ({
    browser,
    server,
    catalogue,
  }) => {
    const settings = new Map((await catalogue.configuration()).map((entry) => [entry.key, entry.value]));
    const phone = settings.get("contact_phone") ?? "";
    const email = settings.get("contact_mail_to") ?? "";
    expect(phone && email).toBeTruthy();
    const post = async (language: "ro" | "en", labels: { message: string; consent: string; send: string }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
      await context.addCookies([{ name: "lang", value: language, url: server.url }]);
      const page = await context.newPage();
      await page.goto("/contact");
      await page.getByLabel("E-mail").fill(`fara.js.${language}@exemplu.ro`);
      await page.getByLabel(labels.message).fill(`Fara JavaScript ${randomUUID()}`);
      await page.getByLabel(labels.consent).check();
      await page.getByRole("button", { name: labels.send }).click();
      return { page, close: () => context.close() };
    };
    const ro = { message: "Mesaj", consent: "Am citit și accept", send: "TRIMITEȚI" };
    const first = await post("ro", ro);
    await expect(first.page.getByRole("status").filter({ hasText: "Mulțumim! Cererea a fost trimisă" })).toBeVisible();
    await first.close();

    const refused = await post("ro", ro);
    const notice = refused.page.getByRole("alert").filter({ hasText: "Acum nu vă putem primi cererea prin formular" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("fără JavaScript");
    await expect(notice.getByRole("link", { name: formatPhone(phone) })).toHaveAttribute("href", telHref(phone));
    await expect(notice.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    // What the visitor typed is still there to copy.
    await expect(refused.page.getByLabel("E-mail")).toHaveValue("fara.js.ro@exemplu.ro");
    await refused.close();

    const english = await post("en", { message: "Message", consent: "I have read and accept the", send: "SEND" });
    const englishNotice = english.page
      .getByRole("alert")
      .filter({ hasText: "We cannot take your request through the form right now" });
    await expect(englishNotice).toContainText("without JavaScript");
    await expect(englishNotice.getByRole("link", { name: email })).toBeVisible();
    await english.close();
  });
});
