import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { formUpdateBody, json } from "../helpers/catalogue-api.ts";
import { headFacts, parseElements } from "../helpers/markup.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Prices on the public pages (decision 093), server-rendered, on SQLite and PostgreSQL (TEST_DIALECT):
 * with the demo's switch on, the product page's rates and table in both languages and its JSON-LD
 * `Offer`, the cards' "de la …", the category ordered by price from its address (no JavaScript),
 * "preț la cerere"; with the switch off, none of it, in the pages, their data or the public API.
 */

let server: TestServer;
let token: string;
let excavators: ProductView[];
const CATEGORY = "/categorie/excavatoare";
const CAT_320 = `${CATEGORY}/utilaj/cat-320`;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" }, await productionSite());
  token = (await loginAsAdmin(server)).token;
  const categories = (await (await server.fetch("/api/category")).json()) as CategoryView[];
  const category = categories.find((each) => each.slug === "excavatoare");
  excavators = (await (await server.fetch(`/api/product/category/${category?.uuid}`)).json()) as ProductView[];
});
afterAll(async () => {
  await server?.close();
});

async function html(pathname: string): Promise<string> {
  const response = await server.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** The page's shown text, runs of spaces one space. */
const textOf = (page: string) =>
  parseElements(page)
    .find((element) => element.name === "body")
    ?.content.replace(/\s+/g, " ") ?? "";

/** The text inside the shown elements with a class made from `name` (a CSS module's). */
function textsOf(page: string, name: string): string[] {
  const pattern = new RegExp(`(^|\\s)_${name}_`);
  return parseElements(page)
    .filter((element) => !element.hidden && pattern.test(element.attributes.class ?? ""))
    .map((element) => element.content.replace(/\s+/g, " ").trim());
}

/** The cards' texts in the list's order. */
const cards = (page: string) => textsOf(page, "card");
const models = (page: string) => textsOf(page, "model");

/** The rows of the section headed `heading`: "label value". */
function sectionRows(page: string, heading: string): string[] {
  const elements = parseElements(page);
  const start = elements.findIndex((element) => element.name === "h2" && element.content.trim() === heading);
  if (start < 0) return [];
  const end = elements.findIndex((element, index) => index > start && element.name === "h2");
  return elements.slice(start, end < 0 ? undefined : end).flatMap((element, index, within) => {
    if (element.name !== "th") return [];
    const cell = within.slice(index + 1).find((candidate) => candidate.name === "td");
    return cell ? [`${element.content.trim()} ${cell.content.trim()}`] : [];
  });
}

const productOf = (page: string) => headFacts(page).jsonLd.find((entry) => entry["@type"] === "Product");

async function configure(key: string, value: string): Promise<void> {
  const response = await callJson(server, "PUT", "/api/configuration/update", [{ key, value }], token);
  expect(response.status, await response.clone().text()).toBe(200);
}

async function setOnRequest(model: string, onRequest: boolean): Promise<void> {
  const listed = excavators.find((each) => each.model === model);
  const current = await json<ProductView>(
    await callJson(server, "GET", `/api/product/edit/${listed?.uuid}`, undefined, token),
    200,
  );
  const prices = { ...current.prices, on_request: onRequest };
  await json(await callJson(server, "PUT", "/api/product/update", formUpdateBody(current, { prices }), token), 200);
}

describe("with the switch on (the demo's first start)", () => {
  it("shows the product's rates and its table by duration, in Romanian and in English", async () => {
    const ro = await html(CAT_320);
    expect(textOf(ro)).toContain("de la 1.150 lei/zi + TVA");
    expect(sectionRows(ro, "Prețuri")).toEqual([
      "1 zi 1.150 lei",
      "1 săptămână (7 zile) 5.750 lei",
      "1 lună (30 de zile) 20.700 lei",
      "Minimum de închiriere 2 zile",
      "Operator, pe zi 400 lei",
      "Garanție 3.500 lei",
    ]);
    expect(textOf(ro)).toContain("Prețuri fără TVA (21 %)");
    expect(textOf(ro)).toContain("Garanția se returnează și nu se adaugă la preț.");
    const en = await html(`${CAT_320}?lang=en`);
    expect(textOf(en)).toContain("from 1,150 lei/day + VAT");
    expect(sectionRows(en, "Prices")).toContain("Deposit 3,500 lei");
  });

  it("states the shown rates in the product's JSON-LD as an Offer with a UnitPriceSpecification per period", async () => {
    expect(productOf(await html(CAT_320))?.offers).toEqual({
      "@type": "Offer",
      url: `${server.url}${CAT_320}`,
      price: "1150.00",
      priceCurrency: "RON",
      priceSpecification: [
        ["1150.00", "DAY"],
        ["5750.00", "WEE"],
        ["20700.00", "MON"],
      ].map(([price, unitCode]) => ({
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: "RON",
        unitCode,
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode },
        valueAddedTaxIncluded: false,
      })),
    });
  });

  it("writes each card's 'de la …' and orders the category by price from its address, either way", async () => {
    const page = await html(CATEGORY);
    const byDay = [...excavators].sort((a, b) => (a.prices?.day ?? 0) - (b.prices?.day ?? 0));
    for (const excavator of excavators) {
      const card = cards(page).find((text) => text.includes(excavator.model));
      const day = ((excavator.prices?.day ?? 0) / 100).toLocaleString("ro-RO", { useGrouping: "always" });
      expect(card).toContain(`de la ${day} lei/zi + TVA`);
    }
    expect(models(await html(`${CATEGORY}?sort=pret`))).toEqual(byDay.map((each) => each.model));
    expect(models(await html(`${CATEGORY}?sort=-pret`))).toEqual(byDay.reverse().map((each) => each.model));
    // The order is offered in the filters' form, which a browser without JavaScript sends as it is.
    const options = parseElements(page).filter((element) => element.name === "option");
    expect(options.map((option) => option.attributes.value)).toEqual(expect.arrayContaining(["pret", "-pret"]));
    expect(options.find((option) => option.attributes.value === "pret")?.content).toBe("Preț pe zi: crescător");
  });

  it("says 'preț la cerere' for such a machine, lists it last by price and states no Offer for it", async () => {
    await setOnRequest("CAT 320", true);
    try {
      const page = await html(CAT_320);
      expect(textOf(page)).toContain("Preț la cerere");
      expect(textOf(page)).not.toContain("1.150 lei");
      expect(sectionRows(page, "Prețuri")).toEqual([]);
      expect(productOf(page)?.offers).toBeUndefined();
      expect(textOf(await html(`${CAT_320}?lang=en`))).toContain("Price on request");
      expect(cards(await html(CATEGORY)).find((text) => text.includes("CAT 320"))).toContain("Preț la cerere");
      expect(models(await html(`${CATEGORY}?sort=pret`)).at(-1)).toBe("CAT 320");
      expect(models(await html(`${CATEGORY}?sort=-pret`)).at(-1)).toBe("CAT 320");
      const reply = await json<ProductView>(await server.fetch(`/api/product/details/${excavators[0]?.uuid}`), 200);
      expect(reply.prices).toBeDefined();
    } finally {
      await setOnRequest("CAT 320", false);
    }
  });
});

describe("with the switch off", () => {
  beforeAll(async () => {
    await configure("show_prices", "false");
  });
  afterAll(async () => {
    await configure("show_prices", "true");
  });

  it("shows no price, table, Offer, card line or order by price, in either language", async () => {
    for (const language of ["ro", "en"]) {
      const page = await html(`${CAT_320}?lang=${language}`);
      expect(textOf(page)).not.toMatch(/lei|TVA|VAT|Prețuri|Prices/);
      expect(page).not.toContain('"prices"');
      expect(productOf(page)?.offers).toBeUndefined();
      const category = await html(`${CATEGORY}?lang=${language}`);
      expect(textOf(category)).not.toMatch(/lei|TVA|VAT/);
      expect(parseElements(category).some((element) => element.attributes.value === "pret")).toBe(false);
    }
    // The address's order by price is ignored: the category's own order.
    expect(models(await html(`${CATEGORY}?sort=pret`))).toEqual(models(await html(CATEGORY)));
  });

  it("carries no prices in the public API's replies, at once after the switch", async () => {
    const reply = await json<ProductView>(await server.fetch(`/api/product/details/${excavators[0]?.uuid}`), 200);
    expect(reply).not.toHaveProperty("prices");
  });
});
