import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { headFacts, type Element } from "../helpers/markup.ts";
import { pngPayload } from "../helpers/pictures.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * English pages of content written in Romanian and, field by field, in English (server-rendered, as
 * a browser or a crawler gets them): English where it is written, the Romanian marked lang="ro" with
 * a word saying so where it is not, and search engines told which pages exist in English.
 */

let server: TestServer;
const FULL = "/categorie/excavatoare/utilaj/cat-320";
const PARTIAL = "/categorie/excavatoare/utilaj/cat-330";
const NONE = "/categorie/macarale/utilaj/liebherr-ltm";
const ROMANIAN_ONLY = "Available in Romanian only.";

beforeAll(async () => {
  server = await startTestServer({}, await productionSite());
  const { token } = await loginAsAdmin(server);
  const call = (method: string, path: string, body: unknown) => callJson(server, method, path, body, token);
  await json(await call("POST", "/api/category/create", { name: "Excavatoare", name_en: "Excavators" }), 201);
  await createCategory(server, token, "Macarale");
  await createProduct(server, token, {
    ...(await productBody("Excavatoare", "CAT 320")),
    header_offer: "<p>Închiriere excavator pe șenile</p>",
    header_offer_en: "<p>Crawler excavator for rent</p>",
    details_en: "<p>Stable and precise.</p>",
    technical_data_en: "<table><tbody><tr><th>Operating weight</th><td>22,500 kg</td></tr></tbody></table>",
  });
  await createProduct(server, token, {
    ...(await productBody("Excavatoare", "CAT 330")),
    header_offer_en: "<p>Large excavator for rent</p>",
  });
  await createProduct(server, token, {
    ...(await productBody("Macarale", "Liebherr LTM")),
    header_offer: "<p>Macara mobilă de 50 t</p>",
  });
  const [banner] = await json<BannerView[]>(
    await call("POST", "/api/banner/create", [await pngPayload("#334455")]),
    201,
  );
  await json(
    await call("PUT", "/api/banner/update", {
      uuid: banner?.uuid,
      caption: "Flotă proprie",
      caption_en: "Our own fleet",
      alt_en: "An excavator at work",
    }),
    200,
  );
});
afterAll(async () => {
  await server?.close();
});

async function page(path: string) {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, ...headFacts(html) };
}

/** The text of each product panel (offer, details, technical data) and the language it is marked with. */
function panels(elements: Element[]): { id: string; lang: string | undefined; notice: boolean }[] {
  return ["product-offer", "product-details", "product-technical"].map((id) => {
    const heading = elements.findIndex((element) => element.name === "h2" && element.attributes.id === id);
    const after = elements.slice(heading + 1);
    const body = after.find((element) => element.name === "div");
    const notice = after
      .slice(0, after.indexOf(body as Element))
      .some((element) => element.name === "p" && element.text === ROMANIAN_ONLY);
    return { id, lang: body?.attributes.lang, notice };
  });
}

const jsonLdProduct = (jsonLd: Record<string, unknown>[]) => jsonLd.find((item) => item["@type"] === "Product");
const alternates = (links: Record<string, string>[]) =>
  Object.fromEntries(links.map((link) => [link.hreflang, link.href]));

describe("a product page in English", () => {
  it("with every text translated: English throughout, announced as the English alternate", async () => {
    const { html, elements, links, meta, jsonLd, title } = await page(`${FULL}?lang=en`);
    expect(html).toContain("Crawler excavator for rent");
    expect(html).not.toContain("Închiriere excavator pe șenile");
    expect(panels(elements)).toEqual(
      ["product-offer", "product-details", "product-technical"].map((id) => ({ id, lang: undefined, notice: false })),
    );
    expect(meta("description")).toBe("Crawler excavator for rent");
    expect(title).toContain("Excavators");
    expect(jsonLdProduct(jsonLd)).toMatchObject({
      inLanguage: "en",
      category: "Excavators",
      description: "Crawler excavator for rent",
    });
    expect(links("canonical")).toEqual([{ rel: "canonical", href: `${server.url}${FULL}?lang=en` }]);
    expect(alternates(links("alternate"))).toEqual({
      ro: `${server.url}${FULL}`,
      en: `${server.url}${FULL}?lang=en`,
      "x-default": `${server.url}${FULL}`,
    });
  });

  it('partly translated: the untranslated parts in Romanian, marked lang="ro" and said to be Romanian only', async () => {
    const { elements, links, jsonLd } = await page(`${PARTIAL}?lang=en`);
    expect(panels(elements)).toEqual([
      { id: "product-offer", lang: undefined, notice: false },
      { id: "product-details", lang: "ro", notice: true },
      { id: "product-technical", lang: "ro", notice: true },
    ]);
    expect(jsonLdProduct(jsonLd)).toMatchObject({ inLanguage: "en" });
    expect(alternates(links("alternate"))).toHaveProperty("en");
  });

  it("untranslated: Romanian marked as such, the Romanian page canonical, no English alternate", async () => {
    const { html, elements, links, meta, jsonLd } = await page(`${NONE}?lang=en`);
    expect(html).toContain('<html lang="en"');
    expect(panels(elements).every((panel) => panel.lang === "ro" && panel.notice)).toBe(true);
    expect(meta("description")).toBe("Macara mobilă de 50 t");
    expect(jsonLdProduct(jsonLd)).toMatchObject({ inLanguage: "ro" });
    expect(links("canonical")).toEqual([{ rel: "canonical", href: `${server.url}${NONE}` }]);
    expect(alternates(links("alternate"))).toEqual({ ro: `${server.url}${NONE}`, "x-default": `${server.url}${NONE}` });
  });
});

describe("category names and banners in English", () => {
  it('the menu and heading show English names, an untranslated one marked lang="ro"', async () => {
    const { elements } = await page("/categorie/macarale?lang=en");
    const heading = elements.findIndex((element) => element.name === "h1");
    expect(elements[heading + 1]).toMatchObject({ name: "span", attributes: { lang: "ro" }, text: "Macarale" });
    expect(elements.some((element) => element.name === "p" && element.text === ROMANIAN_ONLY)).toBe(true);
    const menu = elements
      .filter((element) => element.name === "span" && element.attributes.lang === "ro")
      .map((element) => element.text);
    expect(menu).toContain("Macarale");
    expect(elements.some((element) => element.name === "a" && element.text === "Excavators")).toBe(true);
  });

  it("home lists the categories by their English names and shows the banner's English caption as text", async () => {
    const { html, elements } = await page("/home?lang=en");
    expect(elements.some((element) => element.name === "a" && element.text === "Excavators")).toBe(true);
    expect(html).toContain("Our own fleet");
    expect(
      elements.some((element) => element.name === "img" && element.attributes.alt === "An excavator at work"),
    ).toBe(true);
  });

  it("the contact form lists English category names and still sends the Romanian ones", async () => {
    const { elements } = await page("/contact?lang=en");
    const boxes = elements
      .filter((element) => element.name === "input" && element.attributes.name === "categories")
      .map((element) => element.attributes.value);
    expect(boxes).toEqual(expect.arrayContaining(["Excavatoare", "Macarale"]));
    expect(elements.some((element) => element.name === "label" && element.text.includes("Excavators"))).toBe(true);
  });
});

describe("the same pages in Romanian", () => {
  it("show the Romanian texts, with no language marks or notices", async () => {
    const { html, elements } = await page(FULL);
    expect(html).toContain("Închiriere excavator pe șenile");
    expect(html).not.toContain("Crawler excavator for rent");
    expect(html).not.toContain("Disponibil doar în limba română");
    // The language buttons name their own language; nothing else is marked.
    expect(
      elements
        .filter((element) => element.attributes.lang !== undefined && element.name !== "button")
        .map((element) => element.name),
    ).toEqual(["html"]);
    expect(html).toContain("Flotă proprie");
  });
});
