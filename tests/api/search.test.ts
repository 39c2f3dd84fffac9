import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchMissList, SuggestionList } from "../../common/search/search-schemas.ts";
import {
  SEARCH_MISS_NEW_TEXTS_PER_ADDRESS,
  SEARCH_MISSES_PER_ADDRESS,
  SUGGESTIONS_PER_ADDRESS_PER_MINUTE,
} from "../../server/search/rate-limits.ts";
import { allProducts, productCardsByIds } from "../../server/catalogue/read.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { authHeaders, loginAsAdmin } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { headFacts, parseElements } from "../helpers/markup.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The site's search on the demo catalogue (decision 060), on the database TEST_DIALECT names: the
 * same answers on SQLite and PostgreSQL (the expectations are exact, and both runs check them), the
 * results page rendered without JavaScript, and the log of searches without results.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  // Behind one proxy, so that a test can ask from addresses of its own (X-Forwarded-For).
  server = await startTestServer({ SEED_DEMO: "true", TRUST_PROXY: "1" }, await productionSite());
  token = (await loginAsAdmin(server)).token;
});
afterAll(async () => {
  await server?.close();
});

async function suggested(query: string, lang = "ro"): Promise<string[]> {
  const response = await server.fetch(`/api/search/suggestions?${new URLSearchParams({ q: query, lang })}`);
  expect(response.status, query).toBe(200);
  return ((await response.json()) as SuggestionList).items.map((item) => item.model);
}

/** The models of the cards a results page lists, in order; asked from `address` when given (X-Forwarded-For). */
async function resultsPage(
  query: string,
  lang?: string,
  address?: string,
): Promise<{ models: string[]; html: string }> {
  const search = new URLSearchParams({ q: query, ...(lang ? { lang } : {}) });
  const response = await server.fetch(`/cautare?${search}`, {
    headers: address ? { "X-Forwarded-For": address } : {},
  });
  expect(response.status, query).toBe(200);
  const html = await response.text();
  const models = parseElements(html)
    .filter((element) => /(^|\s)_model_/.test(element.attributes.class ?? ""))
    .map((element) => element.text.trim());
  return { models, html };
}

async function misses(): Promise<SearchMissList["items"]> {
  const response = await server.fetch("/api/search/misses", { headers: authHeaders(token) });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchMissList).items;
}

const FOUND: [query: string, lang: string, models: string[]][] = [
  ["komatsu", "ro", ["Komatsu PC210LC-11", "Komatsu WB93R-8"]],
  ["kx057", "ro", ["Kubota KX057-5"]],
  ["pc 210", "ro", ["Komatsu PC210LC-11"]],
  ["cilindru", "ro", ["Bomag BW 120 AD-5", "Hamm HD 12 VV", "Bomag BW 213 D-5"]],
  ["road roller", "en", ["Bomag BW 120 AD-5", "Hamm HD 12 VV", "Bomag BW 213 D-5"]],
  ["buldo", "ro", ["JCB 3CX", "Komatsu WB93R-8", "CAT 432"]],
  ["sapatura", "ro", ["CAT 320"]],
  ["nacela 20 m", "ro", ["Genie S-65"]],
];

describe("the suggestions", () => {
  it.each(FOUND)("%s (%s) finds the right demo machines", async (query, lang, models) => {
    expect((await suggested(query, lang)).sort()).toEqual([...models].sort());
  });

  it("forgive a typo: excavatr finds the excavators first", async () => {
    const found = await suggested("excavatr");
    expect(found.slice(0, 3).sort()).toEqual(["CAT 320", "Komatsu PC210LC-11", "Kubota KX057-5"]);
  });

  it("give each machine's category in the language asked and its page", async () => {
    const response = await server.fetch("/api/search/suggestions?q=kx057&lang=en");
    expect(((await response.json()) as SuggestionList).items).toEqual([
      {
        uuid: expect.any(String),
        model: "Kubota KX057-5",
        category: "Excavators",
        path: "/categorie/excavatoare/utilaj/kubota-kx057-5",
      },
    ]);
  });

  it("refuse an empty or overlong query with its code", async () => {
    const empty = await server.fetch("/api/search/suggestions?q=%20");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ errors: [{ msg: "REQUIRED_SEARCH_QUERY", path: "q" }] });
    const long = await server.fetch(`/api/search/suggestions?q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ errors: [{ msg: "INVALID_SEARCH_QUERY", path: "q" }] });
  });

  it("are refused with a 429 and Retry-After past their allowance per address and minute, other addresses going on", async () => {
    const from = (address: string) =>
      server.fetch("/api/search/suggestions?q=komatsu", { headers: { "X-Forwarded-For": address } });
    for (let index = 0; index < SUGGESTIONS_PER_ADDRESS_PER_MINUTE; index += 1)
      expect((await from("203.0.113.7")).status).toBe(200);
    const refused = await from("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual(errorBody("ERROR_TOO_MANY_REQUESTS"));
    expect((await from("203.0.113.8")).status).toBe(200);
  });

  it("are not logged as searches", async () => {
    await suggested("buldozer");
    expect((await misses()).map((miss) => miss.text)).not.toContain("buldozer");
  });
});

describe("the results page without JavaScript", () => {
  it.each(FOUND)("%s (%s) lists the right demo machines", async (query, lang, models) => {
    expect((await resultsPage(query, lang === "ro" ? undefined : lang)).models.sort()).toEqual([...models].sort());
  });

  it("lists excavatr's excavators with their category, figures and the request button, and is not indexed", async () => {
    const { models, html } = await resultsPage("excavatr");
    expect(models).toEqual(expect.arrayContaining(["CAT 320", "Komatsu PC210LC-11", "Kubota KX057-5"]));
    expect(html).toContain("Excavatoare");
    expect(html).toContain("Masă operațională");
    expect(html).toContain("Adăugați la cerere");
    expect(headFacts(html).meta("robots")).toBe("noindex, follow");
  });

  it("answers an empty or overlong query with a message in the page's language", async () => {
    expect((await resultsPage("")).html).toContain("Scrieti ce utilaj cautati");
    expect((await resultsPage("", "en")).html).toContain("Type the equipment you are looking for");
    expect((await resultsPage("x".repeat(300))).html).toContain("Cautarea poate avea cel mult 100 de caractere");
  });

  it("is rendered for each query, never kept in the page cache", async () => {
    const first = await server.fetch("/cautare?q=komatsu");
    const second = await server.fetch("/cautare?q=komatsu");
    expect(first.headers.get("ETag")).toBeNull();
    expect(second.headers.get("ETag")).toBeNull();
  });
});

describe("the results page's cards", () => {
  it("are read in the order the search found them, each with its category, without rich texts nor galleries", async () => {
    const { db } = server.services;
    const [first, second] = await allProducts(db);
    if (!first || !second) throw new Error("the demo catalogue has machines");
    const cards = await productCardsByIds(db, [second.uuid, "00000000-0000-4000-8000-000000000000", first.uuid]);
    expect(cards.map((card) => card.uuid)).toEqual([second.uuid, first.uuid]);
    for (const [card, product] of [
      [cards[0], second],
      [cards[1], first],
    ] as const) {
      expect(card).toEqual({
        uuid: product.uuid,
        model: product.model,
        slug: product.slug,
        category: product.category,
        category_en: product.category_en,
        category_uuid: product.category_uuid,
        category_slug: product.category_slug,
        header_photo: product.header_photo,
        specifications: product.specifications,
      });
    }
    expect(await productCardsByIds(db, [])).toEqual([]);
  });
});

describe("the searches without results", () => {
  it("keep macara, folded, with its count and last date, and nothing else about the visitor", async () => {
    await resultsPage("Macara");
    await resultsPage("macară");
    const macara = (await misses()).find((miss) => miss.text === "macara");
    expect(macara).toEqual({ text: "macara", count: 2, last_at: expect.any(String) });
    expect(Date.now() - Date.parse(macara?.last_at ?? "")).toBeLessThan(60_000);
  });

  it("are for the administrator only", async () => {
    const response = await server.fetch("/api/search/misses");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(errorBody("ERROR_UNAUTHORIZED"));
  });

  it("are logged at most SEARCH_MISSES_PER_ADDRESS times per address and window", async () => {
    await resultsPage("nimic de gasit", "ro", "198.51.100.1");
    for (let index = 0; index < SEARCH_MISSES_PER_ADDRESS + 5; index += 1)
      await resultsPage("nimic de gasit", "ro", "198.51.100.2");
    const logged = (await misses()).find((miss) => miss.text === "nimic de gasit");
    expect(logged?.count).toBe(1 + SEARCH_MISSES_PER_ADDRESS);
  });

  it("take at most SEARCH_MISS_NEW_TEXTS_PER_ADDRESS new texts a day from one address, which still counts known ones", async () => {
    const texts = Array.from(
      { length: SEARCH_MISS_NEW_TEXTS_PER_ADDRESS + 3 },
      (_, index) => `inventat${"q".repeat(index)}`,
    );
    for (const text of texts) await resultsPage(text, "ro", "198.51.100.3");
    await resultsPage(texts[0], "ro", "198.51.100.3");
    const logged = (await misses()).filter((miss) => miss.text.startsWith("inventat"));
    expect(logged.map((miss) => miss.text).sort()).toEqual(texts.slice(0, SEARCH_MISS_NEW_TEXTS_PER_ADDRESS).sort());
    expect(logged.find((miss) => miss.text === texts[0])?.count).toBe(2);
    // Another address has a share of its own.
    await resultsPage(texts.at(-1) ?? "", "ro", "198.51.100.4");
    expect((await misses()).map((miss) => miss.text)).toContain(texts.at(-1));
  });

  it("keep nothing of a search that holds an e-mail address, a phone number or a long run of digits", async () => {
    const personal = [
      "ion.popescu@example.ro 0722 123 456 CNP 1800101123456",
      "excavator ion@example.ro",
      "sunati 0722 123 456",
      "+40 (21) 123.45.67 buldoexcavator",
      "cnp 1800101123456",
    ];
    for (const query of personal) await resultsPage(query, "ro", "198.51.100.5");
    // A figure of a machine is not a phone number.
    await resultsPage("macara 120 000 kg", "ro", "198.51.100.5");
    const texts = (await misses()).map((miss) => miss.text);
    expect(texts).toContain("macara 120 000 kg");
    for (const kept of texts) {
      expect(kept).not.toMatch(/popescu|example|0722|123 456|1800101123456|21 123/);
    }
  });
});
