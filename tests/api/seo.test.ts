import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { headFacts, parseElements } from "../helpers/markup.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * What crawlers read: robots.txt, the sitemap (parsed as XML), and on every page type in both
 * languages the canonical and hreflang links, Open Graph and Twitter tags, and JSON-LD built from
 * the live catalogue and configuration (parsed as a crawler would).
 */

let server: TestServer;
let token: string;
let product: ProductView;
const PRODUCT_PATH = "/categorie/excavatoare/utilaj/cat-320";

beforeAll(async () => {
  server = await startTestServer({}, await productionSite());
  ({ token } = await loginAsAdmin(server));
  await json(
    await callJson(
      server,
      "PUT",
      "/api/configuration/update",
      [
        { key: "contact_mail_to", value: "office@utilaje.ro" },
        { key: "contact_mail_subject", value: "Cerere oferta" },
        { key: "contact_phone", value: "0722123456" },
      ],
      token,
    ),
    200,
  );
  await json(
    await callJson(server, "POST", "/api/category/create", { name: "Excavatoare", name_en: "Excavators" }, token),
    201,
  );
  // Without English: its page is announced in Romanian only.
  await createCategory(server, token, "Nacele");
  // The offer text names a closing script tag: it must stay text inside the JSON-LD.
  product = await createProduct(server, token, {
    ...(await productBody("Excavatoare", "CAT 320", 2)),
    header_offer: "<p>Excavator pe șenile, 20 t &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    header_offer_en: "<p>Crawler excavator, 20 t</p>",
  });
});
afterAll(async () => {
  await server?.close();
});

async function page(pathname: string) {
  const response = await server.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  return headFacts(await response.text());
}

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt opens the public site, closes /admin and /api, and names the sitemap", async () => {
    const response = await server.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /api",
        `Sitemap: ${server.url}/sitemap.xml`,
      ]),
    );
  });

  it("sitemap.xml lists home, contact, every category and every product, in English too where it has English, with lastmod and alternates", async () => {
    const response = await server.fetch("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const elements = parseElements(await response.text(), { xml: true });
    expect(elements[0]?.name).toBe("urlset");
    expect(elements[0]?.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    // Each <url>: its loc, lastmod and the three alternates that follow it.
    const urls: { loc: string; lastmod: string; alternates: Record<string, string> }[] = [];
    for (const element of elements) {
      if (element.name === "url") urls.push({ loc: "", lastmod: "", alternates: {} });
      const current = urls.at(-1);
      if (!current) continue;
      if (element.name === "loc") current.loc = element.text;
      if (element.name === "lastmod") current.lastmod = element.text;
      if (element.name === "xhtml:link")
        current.alternates[element.attributes.hreflang ?? ""] = element.attributes.href ?? "";
    }
    const translated = ["/home", "/contact", "/categorie/excavatoare", PRODUCT_PATH];
    const romanianOnly = ["/categorie/nacele"];
    expect(urls.map((url) => url.loc).sort()).toEqual(
      [
        ...translated.flatMap((path) => [`${server.url}${path}?lang=en`, `${server.url}${path}`]),
        ...romanianOnly.map((path) => `${server.url}${path}`),
      ].sort(),
    );
    for (const url of urls) {
      expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
      const path = url.loc.replace(server.url, "").replace(/\?.*/, "");
      const english = romanianOnly.includes(path) ? {} : { en: `${server.url}${path}?lang=en` };
      expect(url.alternates).toEqual({ ro: `${server.url}${path}`, ...english, "x-default": `${server.url}${path}` });
    }
  });

  it("sitemap.xml follows the catalogue: a new product is listed on the next request", async () => {
    const before = await (await server.fetch("/sitemap.xml")).text();
    expect(before).not.toContain("nacela-jlg");
    await createProduct(server, token, {
      ...(await productBody("Nacele", "Nacela JLG")),
      details_en: "<p>Boom lift</p>",
    });
    await createProduct(server, token, await productBody("Nacele", "Nacela Genie"));
    const after = await (await server.fetch("/sitemap.xml")).text();
    expect(after).toContain("/categorie/nacele/utilaj/nacela-jlg?lang=en");
    // Without any English it is listed, in Romanian only.
    expect(after).toContain("/categorie/nacele/utilaj/nacela-genie</loc>");
    expect(after).not.toContain("/categorie/nacele/utilaj/nacela-genie?lang=en");
  });
});

describe.each(["ro", "en"] as const)("page heads in %s", (language) => {
  // Romanian pages are canonical at the bare path (what a crawler gets), English ones at ?lang=en.
  const url = (path: string) => `${server.url}${path}${language === "en" ? "?lang=en" : ""}`;

  it.each([
    ["/home", "website"],
    ["/contact", "website"],
    ["/categorie/excavatoare", "website"],
    [PRODUCT_PATH, "product"],
  ])("%s: canonical, hreflang, description, Open Graph, Twitter and LocalBusiness", async (path, type) => {
    const head = await page(`${path}?lang=${language}`);
    expect(head.links("canonical")).toEqual([{ rel: "canonical", href: url(path) }]);
    expect(Object.fromEntries(head.links("alternate").map((link) => [link.hreflang, link.href]))).toEqual({
      ro: `${server.url}${path}`,
      en: `${server.url}${path}?lang=en`,
      "x-default": `${server.url}${path}`,
    });
    expect(head.meta("description")?.length).toBeGreaterThan(20);
    expect(head.meta("og:type")).toBe(type);
    expect(head.meta("og:url")).toBe(url(path));
    expect(head.meta("og:title")).toBe(head.title);
    expect(head.meta("og:locale")).toBe(language === "ro" ? "ro_RO" : "en_US");
    expect(head.meta("og:image")).toMatch(new RegExp(`^${server.url}/`));
    expect(head.meta("twitter:card")).toBe("summary_large_image");
    expect(head.meta("twitter:image")).toBe(head.meta("og:image"));
    const business = head.jsonLd.find((item) => item["@type"] === "LocalBusiness");
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      legalName: "SC Utilaje Constructii SRL",
      taxID: "RO 31457826",
      address: { "@type": "PostalAddress", addressLocality: "București", addressCountry: "RO" },
      telephone: "0722123456",
      email: "office@utilaje.ro",
    });
  });

  it("a page at its bare address (what a crawler sees, no cookie) is canonical there", async () => {
    const head = await page("/categorie/excavatoare");
    expect(head.links("canonical")).toEqual([{ rel: "canonical", href: `${server.url}/categorie/excavatoare` }]);
  });

  it("the home page has the spec §1 description, in English on the English page", async () => {
    const description =
      language === "ro" ? /^Închiriere utilaje pentru construcții/ : /^Construction equipment for rent in Bucharest/;
    expect((await page(`/home?lang=${language}`)).meta("description")).toMatch(description);
  });

  it("a category page names its category in the title and has a BreadcrumbList", async () => {
    const head = await page(`/categorie/excavatoare?lang=${language}`);
    const name = language === "ro" ? "Excavatoare" : "Excavators";
    expect(head.title).toContain(name);
    expect(head.meta("description")).toContain("CAT 320");
    expect(head.jsonLd.find((item) => item["@type"] === "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { "@type": "ListItem", position: 1, item: url("/home") },
        { "@type": "ListItem", position: 2, name, item: url("/categorie/excavatoare") },
      ],
    });
  });

  it("a product page has Product (name, pictures, category, offer text) and a three-step BreadcrumbList", async () => {
    const head = await page(`${PRODUCT_PATH}?lang=${language}`);
    expect(head.title).toContain("CAT 320");
    const item = head.jsonLd.find((entry) => entry["@type"] === "Product");
    const category = language === "ro" ? "Excavatoare" : "Excavators";
    expect(item).toMatchObject({ name: "CAT 320", category, url: url(PRODUCT_PATH), inLanguage: language });
    expect(item?.description).toBe(
      language === "ro" ? "Excavator pe șenile, 20 t </script><script>alert(1)</script>" : "Crawler excavator, 20 t",
    );
    expect(item?.image).toEqual(
      [product.header_photo, ...product.gallery].map((picture) => `${server.url}${picture.image}`),
    );
    const breadcrumbs = head.jsonLd.find((entry) => entry["@type"] === "BreadcrumbList") as {
      itemListElement: { name: string }[];
    };
    expect(breadcrumbs.itemListElement.map((step) => step.name).slice(1)).toEqual([category, "CAT 320"]);
    // The text stayed inside its JSON-LD block (parsed whole above): it opened no script of its own.
    expect(head.elements.filter((element) => element.name === "script" && element.text.trim() === "alert(1)")).toEqual(
      [],
    );
  });
});

describe("pages that are not for search engines", () => {
  it("a missing page is kept out of the index", async () => {
    const response = await server.fetch("/nu-exista");
    expect(response.status).toBe(404);
    const head = headFacts(await response.text());
    expect(head.meta("robots")).toBe("noindex");
    expect(head.links("canonical")).toEqual([]);
  });
});
