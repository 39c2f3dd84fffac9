import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { headFacts, parseElements } from "../helpers/markup.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The typed specifications on the server-rendered pages of the demo catalogue (decision 058): the
 * product's table and JSON-LD in each language's number format, the cards' key figures, the
 * category's filters read from the address without JavaScript, a filtered address kept out of
 * search results and out of the page cache, and the compare page from its address.
 */

let server: TestServer;
let excavators: ProductView[];
const CATEGORY = "/categorie/excavatoare";
const FILTER = "masa-operationala-max=6000&adancime-maxima-de-sapare-min=3.5";

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" }, await productionSite());
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

/** The text inside the shown elements with a class made from `name` (a CSS module's), runs of spaces one space. */
function textsOf(page: string, name: string): string[] {
  const pattern = new RegExp(`(^|\\s)_${name}_`);
  return parseElements(page)
    .filter((element) => !element.hidden && pattern.test(element.attributes.class ?? ""))
    .map((element) => element.content.replace(/\s+/g, " ").trim());
}

/** Each name with its value, as "name value": a row header and its cell, or a term and its description. */
function pairs(page: string, name: "th" | "dt", value: "td" | "dd"): string[] {
  const elements = parseElements(page);
  return elements.flatMap((element, index) => {
    if (element.name !== name) return [];
    const next = elements.slice(index + 1).find((candidate) => candidate.name === value);
    return next ? [`${element.content.trim()} ${next.content.trim()}`] : [];
  });
}

/** The models of the cards a category page lists. */
const models = (page: string) => textsOf(page, "model");
const count = (page: string) => textsOf(page, "count")[0];

describe("the product page", () => {
  it("shows the figures in the page's number format, and lists them in its JSON-LD with UN/CEFACT units", async () => {
    const ro = await html(`${CATEGORY}/utilaj/cat-320`);
    expect(pairs(ro, "th", "td")).toEqual(
      expect.arrayContaining(["Masă operațională 22.500\u00a0kg", "Adâncime maximă de săpare 6,72\u00a0m"]),
    );
    const en = await html(`${CATEGORY}/utilaj/cat-320?lang=en`);
    expect(pairs(en, "th", "td")).toEqual(
      expect.arrayContaining(["Operating weight 22,500\u00a0kg", "Max. digging depth 6.72\u00a0m"]),
    );
    const product = headFacts(en).jsonLd.find((item) => item["@type"] === "Product");
    expect(product?.additionalProperty).toEqual(
      expect.arrayContaining([
        { "@type": "PropertyValue", name: "Operating weight", value: 22_500, unitCode: "KGM", unitText: "kg" },
        { "@type": "PropertyValue", name: "Max. digging depth", value: 6.72, unitCode: "MTR", unitText: "m" },
      ]),
    );
    // The rich-text technical data stays beside the table.
    expect(en).toContain('id="product-technical"');
  });
});

describe("the category page", () => {
  it("shows each card's key figures", async () => {
    const figures = pairs(await html(CATEGORY), "dt", "dd");
    expect(figures).toEqual(
      expect.arrayContaining([
        "Masă operațională 5.540\u00a0kg",
        "Adâncime maximă de săpare 3,81\u00a0m",
        "Putere motor 34,1\u00a0kW",
      ]),
    );
    expect(pairs(await html(`${CATEGORY}?lang=en`), "dt", "dd")).toContain("Operating weight 5,540\u00a0kg");
  });

  it("filters from the address without JavaScript, in both languages, the category's page to search engines", async () => {
    const all = await html(CATEGORY);
    expect(count(all)).toBe(`${excavators.length} din ${excavators.length} utilaje`);
    expect(headFacts(all).meta("robots")).toBeUndefined();

    const filtered = await html(`${CATEGORY}?${FILTER}`);
    expect(models(filtered)).toEqual(["Kubota KX057-5"]);
    expect(count(filtered)).toBe(`1 din ${excavators.length} utilaje`);
    const facts = headFacts(filtered);
    expect(facts.meta("robots")).toBeUndefined();
    expect(facts.links("canonical").map((link) => link.href)).toEqual([`${server.url}${CATEGORY}`]);

    const english = await html(`${CATEGORY}?${FILTER}&lang=en`);
    expect(count(english)).toBe(`1 of ${excavators.length} machines`);
    expect(
      headFacts(english)
        .links("canonical")
        .map((link) => link.href),
    ).toEqual([`${server.url}${CATEGORY}?lang=en`]);
  });

  it("takes what a GET form sends: empty fields, a decimal comma, an order; and says when nothing is left", async () => {
    const form = await html(
      `${CATEGORY}?masa-operationala-min=&masa-operationala-max=&adancime-maxima-de-sapare-min=6%2C65&sort=-putere-motor`,
    );
    expect(models(form)).toEqual(["CAT 320"]);
    const sorted = await html(`${CATEGORY}?sort=-putere-motor`);
    expect(models(sorted)).toEqual(["Komatsu PC210LC-11", "CAT 320", "Kubota KX057-5"]);
    const none = await html(`${CATEGORY}?masa-operationala-max=10`);
    expect(models(none)).toEqual([]);
    expect(none).toContain("Niciun utilaj din această categorie nu se potrivește filtrelor alese.");
    expect(none).toMatch(/<a href="\/contact"[^>]*>Spuneți-ne ce vă trebuie/);
  });

  it("says beside a range whose 'from' the address puts above its 'to' what is wrong, without JavaScript, in both languages", async () => {
    const query = "masa-operationala-min=9000&masa-operationala-max=3000";
    const invalid = (page: string) =>
      parseElements(page)
        .filter((element) => element.name === "input" && element.attributes["aria-invalid"] === "true")
        .map((element) => element.attributes.name);
    const ro = await html(`${CATEGORY}?${query}`);
    expect(ro).toContain("„De la” este mai mare decât „până la”: niciun utilaj nu se potrivește.");
    expect(invalid(ro)).toEqual(["masa-operationala-min", "masa-operationala-max"]);
    const en = await html(`${CATEGORY}?${query}&lang=en`);
    expect(en).toContain("“From” is larger than “to”: no machine can match.");
    expect(invalid(en)).toEqual(["masa-operationala-min", "masa-operationala-max"]);
    // A range the right way round says nothing.
    expect(invalid(await html(`${CATEGORY}?masa-operationala-min=3000&masa-operationala-max=9000`))).toEqual([]);
  });

  it("ignores what it does not offer, never failing", async () => {
    for (const query of [
      "masa-operationala-max=abc",
      "necunoscut=1",
      "sort=necunoscut",
      "masa-operationala-max=%E0%A4%A",
    ]) {
      const page = await html(`${CATEGORY}?${query}`);
      expect(models(page), query).toHaveLength(excavators.length);
    }
  });
});

describe("the page cache", () => {
  /** The header a page gets when it is kept in the page cache (server/pages/ssr.ts, cachedPage). */
  const kept = (response: { headers: Record<string, unknown> }) =>
    response.headers["cache-control"] === "public, max-age=0, must-revalidate";

  it("keeps no filtered category page, and serves the category's for any other parameter", async () => {
    const plain = await rawRequest(server.url, CATEGORY);
    expect(kept(plain)).toBe(true);
    for (const address of [
      `${CATEGORY}?${FILTER}`,
      `${CATEGORY}?sort=putere-motor`,
      `${CATEGORY}?masa-operationala-min=&utm_source=x`,
    ]) {
      const response = await rawRequest(server.url, address);
      expect(response.status, address).toBe(200);
      expect(kept(response), address).toBe(false);
    }
    for (const address of [`${CATEGORY}?utm_source=news`, `${CATEGORY}?fbclid=abc&lang=ro`]) {
      const response = await rawRequest(server.url, address);
      expect(kept(response), address).toBe(true);
      expect(response.headers.etag, address).toBe(plain.headers.etag);
    }
  });

  it("keeps no compare page: its address is one visitor's choice", async () => {
    const response = await rawRequest(
      server.url,
      `/comparare?utilaje=${excavators.map((product) => product.uuid).join(",")}`,
    );
    expect(response.status).toBe(200);
    expect(kept(response)).toBe(false);
  });
});

describe("the compare page", () => {
  it("shows the machines its address names side by side, the differing figures marked, and names the compare page as its canonical address", async () => {
    const [first, second] = excavators;
    const page = await html(`/comparare?utilaje=${first?.uuid},${second?.uuid},not-an-id&lang=en`);
    const cells = parseElements(page).filter((element) => element.name === "th");
    const header = (scope: string) =>
      cells.filter((cell) => cell.attributes.scope === scope).map((cell) => cell.content.replace(/\s+/g, " ").trim());
    expect(header("col")).toEqual(["Machine", first?.model, second?.model]);
    // Marked in words for screen readers, with a sign for the eye: not by colour alone.
    expect(header("row")).toContain("Operating weight ≠ (differs)");
    expect(header("row")).toContain("Category");
    expect(headFacts(page).meta("robots")).toBeUndefined();
    expect(
      headFacts(page)
        .links("canonical")
        .map((link) => link.href),
    ).toEqual([`${server.url}/comparare?lang=en`]);
    expect(await html("/comparare")).toContain("Nu ați ales încă utilaje de comparat.");
  });
});
