import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CategoryView, ConfigurationEntry, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { Locale } from "../../common/language/language.ts";
import { productPath } from "../../common/pages/page-urls.ts";
import { formatSpecificationValue, specificationName } from "../../common/specifications/format.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { callJson } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { workJob } from "../../server/work/work-pool.ts";
import type * as Jobs from "../fixtures/work-jobs.ts";

/**
 * The spec sheets of the demo catalogue (decision 059), read as a person's PDF reader would: the
 * text extracted by poppler's pdftotext (Debian's poppler-utils) and the page count by pdfinfo.
 */

const waitFor = workJob<typeof Jobs, "waitFor">(new URL("../fixtures/work-jobs.ts", import.meta.url), "waitFor");
const admin = withAdminServer({ SEED_DEMO: "true", LOG_LEVEL: "error" }, productionSite);
const run = promisify(execFile);
let folder: string;
let products: ProductView[];
let categories: CategoryView[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "utilaje-sheets-"));
  categories = await json<CategoryView[]>(await admin.server.fetch("/api/category"), 200);
  products = await json<ProductView[]>(await admin.server.fetch("/api/product"), 200);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const pageOf = (product: ProductView) => productPath(product.category_slug ?? "", product.slug);
const sheetOf = (product: ProductView, language: Locale) => `${pageOf(product)}/fisa-tehnica.pdf?lang=${language}`;
const byModel = (model: string) => {
  const found = products.find((product) => product.model === model);
  if (!found) throw new Error(`no demo machine ${model}`);
  return found;
};

/**
 * A PDF's text (in its layout, runs of spaces, non-breaking ones too, as one space) and its facts
 * as pdfinfo gives them.
 */
async function read(bytes: ArrayBuffer, name: string): Promise<{ text: string; info: Record<string, string> }> {
  const file = path.join(folder, name);
  await writeFile(file, new Uint8Array(bytes));
  const [{ stdout: text }, { stdout: info }] = await Promise.all([
    run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]),
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

async function sheet(product: ProductView, language: Locale) {
  const response = await admin.server.fetch(sheetOf(product, language));
  expect(response.status, sheetOf(product, language)).toBe(200);
  return { response, ...(await read(await response.arrayBuffer(), `${product.slug}-${language}.pdf`)) };
}

/** "name value" for each of the machine's specifications, as the sheet's table shows them (spaces as one). */
function expectedRows(product: ProductView, language: Locale): string[] {
  const definitions = categories.find((category) => category.uuid === product.category_uuid)?.specifications ?? [];
  return definitions.flatMap((definition) => {
    const value = product.specifications[definition.uuid];
    const shown = value === undefined ? null : formatSpecificationValue(definition, value, language);
    return shown ? [`${specificationName(definition, language).text} ${shown.text}`.replace(/\s+/g, " ")] : [];
  });
}

describe("a machine's spec sheet", () => {
  it("is a PDF named after the model in the address's language, for people and not search engines", async () => {
    const cat = byModel("CAT 320");
    const ro = await admin.server.fetch(sheetOf(cat, "ro"));
    expect(ro.status).toBe(200);
    expect(ro.headers.get("Content-Type")).toBe("application/pdf");
    expect(ro.headers.get("Content-Disposition")).toMatch(/filename="CAT-320-fisa-tehnica\.pdf"/);
    expect(ro.headers.get("X-Robots-Tag")).toBe("noindex");
    const en = await admin.server.fetch(sheetOf(cat, "en"), { headers: { Cookie: "lang=ro" } });
    expect(en.headers.get("Content-Disposition")).toMatch(/filename="CAT-320-spec-sheet\.pdf"/);
    expect((await ro.arrayBuffer()).byteLength).toBeLessThanOrEqual(300 * 1024);
    const sitemap = await (await admin.server.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain(pageOf(cat));
    expect(sitemap).not.toContain("fisa-tehnica");
  });

  it("holds the model, every specification in the language's number format, with Romanian letters right, title and language set", async () => {
    const cat = byModel("CAT 320");
    const ro = await sheet(cat, "ro");
    expect(ro.text).toContain("CAT 320");
    expect(ro.text).toContain("Masă operațională 22.500 kg");
    expect(ro.text).toContain("Adâncime maximă de săpare 6,72 m");
    expect(ro.text).toContain("Specificații");
    expect(ro.info.Title).toBe("Fișă tehnică CAT 320");
    expect(ro.info.Tagged).toBe("yes");
    const en = await sheet(cat, "en");
    expect(en.text).toContain("Operating weight 22,500 kg");
    expect(en.text).toContain("Max. digging depth 6.72 m");
    expect(en.info.Title).toBe("Spec sheet CAT 320");
    // The company's name and address: ș and ț with the comma below, never the cedilla.
    expect(en.text).toContain("Utilaje Construcții");
    expect(en.text).toContain("București");
    for (const text of [ro.text, en.text]) {
      expect(text).toMatch(/ș/);
      expect(text).toMatch(/ț/);
      expect(text).not.toMatch(/[şţŞŢ]/);
    }
    // The language is in the document's catalogue (/Lang), which pdfinfo does not print.
    const raw = Buffer.from(await (await admin.server.fetch(sheetOf(cat, "en"))).arrayBuffer()).toString("latin1");
    expect(raw).toMatch(/\/Lang \(en\)/);
  });

  it("is one page in each language for every demo machine, with its model, its category and each of its specifications", async () => {
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) {
      for (const language of ["ro", "en"] as const) {
        const { text, info } = await sheet(product, language);
        expect(info.Pages, `${product.model} ${language}`).toBe("1");
        expect(text).toContain(product.model);
        for (const row of expectedRows(product, language)) expect(text, `${product.model} ${language}`).toContain(row);
      }
    }
  });

  it("is linked from the product page and, per machine, from the compare page, in the page's language", async () => {
    const cat = byModel("CAT 320");
    const page = await (await admin.server.fetch(`${pageOf(cat)}?lang=en`)).text();
    expect(page).toContain(`href="${sheetOf(cat, "en")}"`);
    expect(page).toContain("Spec sheet (PDF)");
    const other = products.find((product) => product.uuid !== cat.uuid) ?? cat;
    const compare = await (await admin.server.fetch(`/comparare?utilaje=${cat.uuid},${other.uuid}`)).text();
    expect(compare).toContain(`href="${sheetOf(cat, "ro")}"`);
    expect(compare).toContain(`href="${sheetOf(other, "ro")}"`);
    expect(compare).toContain("Fișă tehnică (PDF)");
  });

  it("is served from the cache until a catalogue write, then made again with the change", async () => {
    const cat = byModel("CAT 320");
    const first = await admin.server.fetch(sheetOf(cat, "ro"));
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect((await admin.server.fetch(sheetOf(cat, "ro"))).headers.get("ETag")).toBe(etag);
    const entries = await json<ConfigurationEntry[]>(await admin.server.fetch("/api/configuration"), 200);
    const phone = entries.find((entry) => entry.key === "contact_phone");
    await json(
      await callJson(
        admin.server,
        "PUT",
        "/api/configuration/update",
        [{ uuid: phone?.uuid, key: "contact_phone", value: "0213 999 888" }],
        admin.token,
      ),
      200,
    );
    const after = await sheet(cat, "ro");
    expect(after.response.headers.get("ETag")).not.toBe(etag);
    expect(after.text).toContain("0213999888");
  });

  it("cuts a longer text to its one page, every line shown whole, and says where it continues", async () => {
    const category = categories[0];
    if (!category) throw new Error("no demo category");
    const lines = Array.from({ length: 90 }, (_, index) => `Rândul ${index + 1}: ungere și verificări`);
    const body = await productBody(category.uuid, "Notițe lungi 1");
    const machine = await createProduct(admin.server, admin.token, {
      ...body,
      technical_data: lines.map((line) => `<p>${line}</p>`).join(""),
    });
    const { text, info } = await sheet(machine, "ro");
    expect(info.Pages).toBe("1");
    // The lines shown are the first ones, whole and in order; the rest is on the machine's page.
    const found = lines.map((line) => text.indexOf(line)).filter((at) => at >= 0);
    expect(found.length).toBeGreaterThan(10);
    expect(found.length).toBeLessThan(lines.length);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    expect(lines.slice(0, found.length).every((line) => text.includes(line))).toBe(true);
    expect(text).toContain(`Continuarea pe pagina utilajului: ${admin.server.url}${pageOf(machine)}`);
  });

  it("is one page in each language for a machine whose texts are one 190 000-character word, and for a 150 000-character paragraph", async () => {
    const category = categories[0];
    if (!category) throw new Error("no demo category");
    const word = `<p>${"W".repeat(190_000)}</p>`;
    const longWord = await createProduct(admin.server, admin.token, {
      ...(await productBody(category.uuid, "Cuvant lung 1")),
      header_offer: word,
      header_offer_en: word,
      details: word,
      details_en: word,
      technical_data: word,
      technical_data_en: word,
    });
    const paragraph = `<p>${"Placa vibrantă compactează pietriș și asfalt. ".repeat(3_300).slice(0, 150_000)}</p>`;
    const longParagraph = await createProduct(admin.server, admin.token, {
      ...(await productBody(category.uuid, "Paragraf lung 1")),
      header_offer: paragraph,
      header_offer_en: paragraph,
    });
    for (const machine of [longWord, longParagraph]) {
      const ro = await sheet(machine, "ro");
      expect(ro.info.Pages, machine.model).toBe("1");
      expect(ro.text).toContain("Continuarea pe pagina utilajului");
      expect(ro.text).toContain(machine.model);
      const en = await sheet(machine, "en");
      expect(en.info.Pages, machine.model).toBe("1");
      expect(en.text).toContain(`Continued on the machine's page: ${admin.server.url}${pageOf(machine)}`);
    }
  });

  it("is drawn off the server's thread: /healthz and a cached page answer while the long-word machine's sheet is drawn", async () => {
    const category = categories[0];
    if (!category) throw new Error("no demo category");
    const word = `<p>${"W".repeat(190_000)}</p>`;
    // A machine of its own: its sheet is in no cache.
    const machine = await createProduct(admin.server, admin.token, {
      ...(await productBody(category.uuid, "Cuvant lung 2")),
      header_offer: word,
      technical_data: word,
    });
    const cachedPage = pageOf(byModel("CAT 320"));
    expect((await admin.server.fetch(cachedPage)).status).toBe(200);
    const pool = admin.server.services.work.specSheets;
    let sheetAnswered = false;
    const drawn = admin.server.fetch(sheetOf(machine, "ro")).then(async (response) => {
      sheetAnswered = true;
      return {
        status: response.status,
        type: response.headers.get("Content-Type"),
        bytes: await response.arrayBuffer(),
      };
    });
    // The sheet in its child, held there: whatever happens meanwhile happens while it is drawn.
    await expect.poll(() => pool.counts.running, { timeout: 10_000, interval: 1 }).toBe(1);
    const [child] = pool.pids;
    if (child === undefined) throw new Error("no child draws the sheet");
    process.kill(child, "SIGSTOP");
    try {
      const [health, page] = await Promise.all([admin.server.fetch("/healthz"), admin.server.fetch(cachedPage)]);
      expect(health.status).toBe(200);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("CAT 320");
      expect(sheetAnswered).toBe(false);
    } finally {
      process.kill(child, "SIGCONT");
    }
    expect(await drawn).toMatchObject({ status: 200, type: "application/pdf" });
  });

  it("is refused at once with 503 and Retry-After, in its language, when the sheets' queue is full", async () => {
    const category = categories[0];
    if (!category) throw new Error("no demo category");
    // A machine of its own: its sheet is in no cache.
    const machine = await createProduct(admin.server, admin.token, await productBody(category.uuid, "Coada plina 1"));
    const pool = admin.server.services.work.specSheets;
    const release = path.join(folder, "release-sheets");
    // The server's own pool held busy by jobs of the test's: one running, the queue full behind it.
    const held = Array.from({ length: 9 }, () => pool.run(waitFor, release));
    await expect.poll(() => pool.counts.waiting, { timeout: 10_000 }).toBe(8);
    const refused = await admin.server.fetch(sheetOf(machine, "en"));
    await writeFile(release, "");
    await Promise.all(held);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(refused.headers.get("Content-Language")).toBe("en");
    expect(await refused.text()).toContain("Many spec sheets are being made right now");
    expect((await admin.server.fetch(sheetOf(machine, "en"))).status).toBe(200);
  });

  it("is a 404 once its machine is deleted", async () => {
    const machine = byModel("CAT 320");
    expect((await admin.server.fetch(sheetOf(machine, "ro"))).status).toBe(200);
    expect(
      (await callJson(admin.server, "DELETE", `/api/product/${machine.uuid}`, undefined, admin.token)).status,
    ).toBe(204);
    const gone = await admin.server.fetch(sheetOf(machine, "ro"));
    expect(gone.status).toBe(404);
    expect(gone.headers.get("Content-Type")).not.toBe("application/pdf");
  });
});

describe("a spec sheet past its time limit", () => {
  const slow = withAdminServer({ SPEC_SHEET_TIME_LIMIT: "0.001", LOG_LEVEL: "silent" }, productionSite);

  it("answers its own request with an error page in its language, never cached, while the site goes on", async () => {
    const category = await createCategory(slow.server, slow.token, "Plăci compactoare");
    const machine = await createProduct(slow.server, slow.token, await productBody(category.uuid, "Ammann APR 3020"));
    for (const language of ["ro", "en"] as const) {
      const response = await slow.server.fetch(sheetOf(machine, language));
      expect(response.status).toBe(500);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("Content-Language")).toBe(language);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain(
        language === "ro" ? "Fișa tehnică nu a putut fi pregătită" : "The spec sheet could not be made",
      );
      expect(html).toContain(`href="${slow.server.url}${pageOf(machine)}${language === "en" ? "?lang=en" : ""}"`);
    }
    // Each request tried again (an error is not cached), the child killed each time and replaced;
    // each failure logged once, with its machine.
    const logged = vi.spyOn(slow.server.services.logger, "error");
    expect((await slow.server.fetch(sheetOf(machine, "ro"))).status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toMatchObject({
      machine: { model: "Ammann APR 3020", language: "ro" },
      reason: "overdue",
    });
    logged.mockRestore();
    expect((await slow.server.fetch("/healthz")).status).toBe(200);
    expect((await slow.server.fetch(pageOf(machine))).status).toBe(200);
  });
});
