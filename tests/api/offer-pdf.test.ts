import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { Locale } from "../../common/language/language.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { moneyText } from "../../common/pricing/amount-text.ts";
import { workJob } from "../../server/work/work-pool.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { draftMachineLine, pricedMachine } from "../helpers/offer-api.ts";
import { officeContact } from "../helpers/office-contact.ts";
import { json } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import type * as Jobs from "../fixtures/work-jobs.ts";

/**
 * An offer's document (decision 094) over real HTTP on either database (TEST_DIALECT): the PDF of
 * GET /api/offers/{id}/pdf read back with poppler's pdftotext and pdfinfo, in each language, with
 * the letterhead of Configurare, each line and the rate the rule applied, the discounts, VAT and
 * total, diacritics, markup drawn as text, 12 lines on one page and more on two.
 */

const admin = withAdminServer({ LOG_LEVEL: "error" });
const run = promisify(execFile);
const waitFor = workJob<typeof Jobs, "waitFor">(new URL("../fixtures/work-jobs.ts", import.meta.url), "waitFor");
const MARKUP = `<script>x</script> & <b>`;

let folder: string;
let excavator: ProductView;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "utilaje-offer-pdf-"));
  const category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: "Excavatoare oferte" }),
    201,
  );
  excavator = await pricedMachine(admin, category, "Kubota KX019 ștefănescu", 3, {
    day: 45_000,
    week: 250_000,
    month: 800_000,
    operator_day: 30_000,
  });
  await json(
    await admin.call("PUT", "/api/configuration/update", [
      ...officeContact("oferte@utilaje.test"),
      { key: "company_legal_name", value: "SC Utilaje Țărănești SRL" },
      { key: "company_cui", value: "RO31457826" },
      { key: "company_reg_com", value: "J40/4821/2013" },
      { key: "company_address", value: "Str. Mărășești nr. 5, Iași" },
      { key: "company_iban", value: "RO49AAAA1B31007593840000" },
      { key: "offer_terms", value: "Închirierea începe la predare; garanția se restituie în două zile." },
      { key: "offer_terms_en", value: "The rental starts on delivery; the deposit is refunded within two days." },
    ]),
    200,
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The PDF's text (runs of spaces as one), page by page when asked, and its facts as pdfinfo gives them. */
async function read(
  bytes: ArrayBuffer,
  pages: { first?: number; last?: number } = {},
): Promise<{ text: string; info: Record<string, string> }> {
  const file = path.join(folder, `${crypto.randomUUID()}.pdf`);
  await writeFile(file, new Uint8Array(bytes));
  const range = [
    ...(pages.first ? ["-f", String(pages.first)] : []),
    ...(pages.last ? ["-l", String(pages.last)] : []),
  ];
  const [{ stdout: text }, { stdout: info }] = await Promise.all([
    run("pdftotext", ["-layout", "-enc", "UTF-8", ...range, file, "-"]),
    run("pdfinfo", ["-enc", "UTF-8", file]),
  ]);
  const facts = Object.fromEntries(
    info
      .split("\n")
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1], match[2]]),
  );
  return { text: text.replace(/[ \t\u00a0]+/g, " "), info: facts };
}

/** A line of the excavator from day `first` to day `last`. */
const excavatorLine = (first: number, last: number, extra: Record<string, unknown> = {}) =>
  draftMachineLine(excavator, first, last, extra);

async function offer(lines: unknown[], fields: Record<string, unknown> = {}): Promise<OfferView> {
  return json<OfferView>(
    await admin.call("POST", "/api/offers", { customer_name: "Ionuț Știrbu", lines, ...fields }),
    201,
  );
}

async function pdf(stored: OfferView): Promise<ArrayBuffer> {
  const response = await admin.call("GET", `/api/offers/${stored.uuid}/pdf`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Content-Disposition")).toContain(`${stored.number}-v${stored.offer_version}.pdf`);
  return response.arrayBuffer();
}

/** The offer's lines and totals as the PDF must write them, in its language. */
function figures(stored: OfferView, language: Locale): string[] {
  const money = (minor: number) => moneyText(minor, "RON", language);
  return [
    ...stored.lines.flatMap((line) => [line.description, money(line.total)]),
    money(stored.subtotal),
    `−${money(stored.discount_amount)}`,
    money(stored.net),
    money(stored.vat_amount),
    money(stored.total),
  ];
}

describe("an offer's PDF", () => {
  it("writes the letterhead, the customer, each line with its rate, the discounts, VAT and total, in Romanian", async () => {
    const stored = await offer(
      [
        excavatorLine(1, 7, { discount: 1000 }),
        excavatorLine(1, 3, { with_operator: true, units: 2 }),
        { kind: "free", description: `Transport ${MARKUP}`, amount: 60_000 },
      ],
      { customer_company: "Construcții Bârlad SRL", discount: 500, notes: `Plată în 30 de zile.\n${MARKUP}` },
    );
    const { text, info } = await read(await pdf(stored));
    expect(info.Pages).toBe("1");
    expect(info.Title).toBe(`Ofertă ${stored.number}`);
    for (const expected of [
      `Ofertă ${stored.number}`,
      "SC Utilaje Țărănești SRL",
      "CUI: RO31457826",
      "Reg. Com.: J40/4821/2013",
      "Str. Mărășești nr. 5, Iași",
      "IBAN: RO49AAAA1B31007593840000",
      "Ionuț Știrbu",
      "Construcții Bârlad SRL",
      "Valabilă până la",
      "tarif aplicat: 1 săptămână",
      "tarif aplicat: 3 zile",
      "2 buc. · cu operator",
      "10 %",
      "Reducere 5 %",
      "TVA 21 %",
      "Total de plată",
      "Plată în 30 de zile.",
      "Condiții de închiriere",
      "Închirierea începe la predare; garanția se restituie în două zile.",
      `Transport ${MARKUP}`,
      ...figures(stored, "ro"),
    ])
      expect(text).toContain(expected);
  });

  it("is written in English for an English customer, with the English terms", async () => {
    const stored = await offer([excavatorLine(2, 40)], { lang: "en", discount: 1000 });
    const { text } = await read(await pdf(stored));
    for (const expected of [
      `Offer ${stored.number}`,
      "Tax ID (CUI): RO31457826",
      "Valid until",
      "rate applied: 1 month + 1 week + 2 days",
      "Discount 10 %",
      "VAT 21 %",
      "Total due",
      "Terms of rental",
      "The rental starts on delivery; the deposit is refunded within two days.",
      ...figures(stored, "en"),
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Ofertă");
  });

  it("holds 12 lines on one page, and carries longer offers onto a second page with the totals", async () => {
    const twelve = await offer(
      Array.from({ length: 12 }, (_, index) => excavatorLine(1, 2 + index, { with_operator: true, discount: 500 })),
      { notes: "Livrare pe șantier, între orele 8 și 16." },
    );
    const one = await read(await pdf(twelve));
    expect(one.info.Pages).toBe("1");
    expect(one.text).toContain(moneyText(twelve.total, "RON", "ro"));
    expect(one.text).toContain(`${twelve.number} v1 · pagina 1/1`);

    const thirty = await offer(Array.from({ length: 30 }, (_, index) => excavatorLine(1, 1 + index)));
    const bytes = await pdf(thirty);
    const whole = await read(bytes);
    expect(whole.info.Pages).toBe("2");
    // Romanian writes "de" from 20 on.
    expect(whole.text).toContain("(19 zile)");
    expect(whole.text).toContain("(20 de zile)");
    const second = await read(bytes, { first: 2, last: 2 });
    expect(second.text).toContain("Total de plată");
    expect(second.text).toContain(moneyText(thirty.total, "RON", "ro"));
    expect(second.text).toContain(`${thirty.number} v1 · pagina 2/2`);
  });

  it("leaves off the letterhead's lines not written in Configurare", async () => {
    await json(await admin.call("PUT", "/api/configuration/update", [{ key: "company_iban", value: "" }]), 200);
    const stored = await offer([excavatorLine(1, 1)]);
    const { text } = await read(await pdf(stored));
    expect(text).toContain("CUI: RO31457826");
    expect(text).not.toContain("IBAN");
  });

  it("refuses a letterhead value that is not one, by its code", async () => {
    const response = await admin.call("PUT", "/api/configuration/update", [
      { key: "company_iban", value: "RO48AAAA1B31007593840000" },
      { key: "company_cui", value: "31457826X" },
    ]);
    expect(await json(response, 400)).toEqual({
      errors: [
        { msg: "INVALID_CONFIGURATION_COMPANY_CUI", path: "company_cui" },
        { msg: "INVALID_CONFIGURATION_COMPANY_IBAN", path: "company_iban" },
      ],
    });
  });

  it("is 404 for an unknown offer or an id that is not one, and 401 without a session", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const response = await admin.call("GET", `/api/offers/${id}/pdf`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(errorBody("ERROR_OFFER_NOT_FOUND"));
    }
    const stored = await offer([excavatorLine(1, 1)]);
    expect((await admin.server.fetch(`/api/offers/${stored.uuid}/pdf`)).status).toBe(401);
  });

  it("is refused at once with 503 and Retry-After when the sheets' queue is full", async () => {
    const stored = await offer([excavatorLine(1, 1)]);
    const pool = admin.server.services.work.specSheets;
    const release = path.join(folder, "release-offers");
    // The server's own pool held busy by jobs of the test's: one running, the queue full behind it.
    const held = Array.from({ length: 9 }, () => pool.run(waitFor, release));
    await expect.poll(() => pool.counts.waiting, { timeout: 10_000 }).toBe(8);
    const refused = await admin.call("GET", `/api/offers/${stored.uuid}/pdf`);
    await writeFile(release, "");
    await Promise.all(held);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(await refused.json()).toEqual(errorBody("ERROR_SERVER_BUSY"));
    await pdf(stored);
  });
});
