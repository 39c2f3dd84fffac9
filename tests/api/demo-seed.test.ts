import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  UNKNOWN_CATEGORY,
  type BannerView,
  type CategoryView,
  type ConfigurationEntry,
  type PictureView,
  type ProductView,
} from "../../common/catalogue/catalogue-views.ts";
import { CONFIGURATION_KEYS } from "../../common/schemas/configuration-keys.ts";
import { catalogueVersion } from "../../server/db/repositories/app-state.ts";
import { insertConfiguration } from "../../server/db/repositories/configuration.ts";
import { seedDemoCatalogue } from "../../server/seed/demo-catalogue.ts";
import { DEMO_BANNERS } from "../../server/seed/demo-data.ts";
import { bannerPictureSvg } from "../../server/seed/machine-pictures.ts";
import { renderPicturesApart } from "../../server/seed/picture-process.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { availabilityOf } from "../../server/bookings/availability.ts";

/** Spec §5: letters (with Romanian diacritics), digits, underscore, hyphen and space. */
const NAME_PATTERN = /^[\p{Script=Latin}\d_\- ]+$/u;
const MAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
const PHONE_PATTERN = /^0[237]\d{8}$/;
/** The one demo product left without English on purpose, to show the Romanian fallback. */
const UNTRANSLATED_MODEL = "Hamm HD 12 VV";

async function getJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Fetches a picture and checks that it is a real JPEG of the size the API announced. */
async function expectJpeg(server: TestServer, picture: PictureView): Promise<void> {
  const response = await server.fetch(picture.image);
  expect(response.status, picture.image).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
  const metadata = await sharp(bytes).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: "jpeg",
    width: picture.width,
    height: picture.height,
  });
}

async function snapshot(server: TestServer) {
  return {
    categories: await getJson<CategoryView[]>(server, "/api/category"),
    products: await getJson<ProductView[]>(server, "/api/product"),
    banners: await getJson<BannerView[]>(server, "/api/banner/all"),
    configuration: await getJson<ConfigurationEntry[]>(server, "/api/configuration"),
    version: await catalogueVersion(server.services.db),
  };
}

describe("demo catalogue seeded at the first start", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: "true" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reports that it filled the empty database", () => {
    expect(server.seeded).toBe(true);
  });

  it("lists the seven categories with valid names and a header picture each", async () => {
    const categories = await getJson<CategoryView[]>(server, "/api/category");
    expect(categories.map((category) => category.name).sort()).toEqual([
      "Buldoexcavatoare",
      "Cilindri compactori",
      "Excavatoare",
      "Incarcatoare frontale",
      "Nacele",
      "Placi compactoare",
      "Stivuitoare",
    ]);
    expect(categories.map((category) => category.name_en).sort()).toEqual([
      "Backhoe loaders",
      "Boom lifts",
      "Excavators",
      "Forklifts",
      "Plate compactors",
      "Road rollers",
      "Wheel loaders",
    ]);
    for (const category of categories) {
      expect(category.name).toMatch(NAME_PATTERN);
      expect(category.name_en).toMatch(NAME_PATTERN);
      expect(category.slug).toBe(category.name.toLowerCase().replace(/ /g, "-"));
      expect(category.header_photo).toMatch(new RegExp(`^/media/categorii/${category.slug}/[0-9a-f-]{36}\\.jpg$`));
      const response = await server.fetch(category.header_photo ?? "");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
    }
  });

  it("lists at least 18 products with offer texts, a header photo and two to four gallery photos", async () => {
    const products = await getJson<ProductView[]>(server, "/api/product");
    expect(products.length).toBeGreaterThanOrEqual(18);
    const perCategory = new Map<string, number>();
    for (const product of products) {
      perCategory.set(product.category, (perCategory.get(product.category) ?? 0) + 1);
      expect(product.model).toMatch(NAME_PATTERN);
      expect(product.category).not.toBe(UNKNOWN_CATEGORY);
      expect(product.header_offer).toContain("<strong>");
      expect(product.details).toMatch(/^(<p>[^<]+<\/p>)+$/);
      // The figures are typed values; the table keeps the equipment and the data sheet.
      expect(product.technical_data).toMatch(
        /^<table>.*<th scope="row">Dotări<\/th><td><ul><li>.+<\/li><\/ul><\/td>.*<\/table>$/,
      );
      expect(product.header_photo.alt).toBe(`${product.model.toLowerCase()} prezentare 1`);
      expect(product.header_photo.width).toBe(product.header_photo.height);
      expect(product.gallery.length).toBeGreaterThanOrEqual(2);
      expect(product.gallery.length).toBeLessThanOrEqual(4);
      expect(product.gallery.map((photo) => photo.alt)).toEqual(
        product.gallery.map((_, index) => `${product.model.toLowerCase()} poza ${index + 1}`),
      );
    }
    expect(perCategory.size).toBe(7);
  });

  it("has English texts for every product but one, each unlike the Romanian and in English number format", async () => {
    const products = await getJson<ProductView[]>(server, "/api/product");
    const translated = products.filter((product) => product.model !== UNTRANSLATED_MODEL);
    expect(translated).toHaveLength(products.length - 1);
    const rows = (table: string) => table.match(/<tr>/g)?.length;
    for (const product of translated) {
      expect(product.category_en).not.toBe("");
      expect(product.header_offer_en.startsWith(`<p><strong>${product.model} `)).toBe(true);
      expect(product.header_offer_en).toMatch(
        /^<p><strong>[^<]+ for rent<\/strong><\/p><p>.+<\/p><ul><li>[^<]+<\/li><li>Transport to site on our own trailer<\/li><\/ul>$/,
      );
      expect(product.details_en).toMatch(/^(<p>[^<]+<\/p>)+$/);
      expect(product.technical_data_en).toMatch(
        /^<table><thead><tr><th scope="col">Specification<\/th><th scope="col">Value<\/th><\/tr><\/thead><tbody><tr><th scope="row">Equipment<\/th><td><ul><li>.+<\/li><\/ul><\/td>.*<\/table>$/,
      );
      expect(rows(product.technical_data_en)).toBe(rows(product.technical_data));
      expect(product.header_offer_en).not.toBe(product.header_offer);
      expect(product.details_en).not.toBe(product.details);
      expect(product.technical_data_en).not.toBe(product.technical_data);
    }
  });

  it("gives every machine rates, shown from the first start, and writes no price by hand in its texts", async () => {
    const products = await getJson<ProductView[]>(server, "/api/product");
    for (const product of products) {
      expect(product.prices?.day, product.model).toBeGreaterThan(0);
      expect(product.prices?.on_request, product.model).toBe(false);
      for (const text of [product.header_offer, product.header_offer_en])
        expect(text).not.toMatch(/\blei\b|Tarif|Rates from/);
    }
    const cat320 = products.find((product) => product.model === "CAT 320");
    expect(cat320?.prices).toEqual({
      day: 115_000,
      week: 575_000,
      month: 2_070_000,
      deposit: 350_000,
      operator_day: 40_000,
      minimum_days: 2,
      on_request: false,
    });
  });

  it("defines four to six specifications per category, in both languages, with at most three on the cards", async () => {
    const categories = await getJson<CategoryView[]>(server, "/api/category");
    for (const category of categories) {
      expect(category.specifications.length, category.name).toBeGreaterThanOrEqual(4);
      expect(category.specifications.length, category.name).toBeLessThanOrEqual(6);
      expect(category.specifications.filter((specification) => specification.on_card).length).toBeLessThanOrEqual(3);
      expect(new Set(category.specifications.map((specification) => specification.key)).size).toBe(
        category.specifications.length,
      );
      for (const specification of category.specifications) {
        expect(specification.name_en, specification.name).not.toBe("");
        expect(specification.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        for (const option of specification.options) expect(option.name_en).not.toBe("");
      }
    }
    const kinds = new Set(
      categories.flatMap((category) => category.specifications.map((specification) => specification.kind)),
    );
    expect(kinds).toEqual(new Set(["number", "choice", "yes_no"]));
  });

  it("gives every machine typed values of its category's specifications, the CAT 320's figures as its data sheet reads", async () => {
    const [categories, products] = await Promise.all([
      getJson<CategoryView[]>(server, "/api/category"),
      getJson<ProductView[]>(server, "/api/product"),
    ]);
    for (const product of products) {
      const definitions = categories.find((category) => category.uuid === product.category_uuid)?.specifications ?? [];
      expect(Object.keys(product.specifications).length, product.model).toBeGreaterThanOrEqual(4);
      for (const uuid of Object.keys(product.specifications))
        expect(definitions.map((definition) => definition.uuid)).toContain(uuid);
    }
    const figures = (model: string) => {
      const product = products.find((candidate) => candidate.model === model);
      const definitions = categories.find((category) => category.uuid === product?.category_uuid)?.specifications ?? [];
      return Object.fromEntries(
        definitions.map((definition) => [
          `${definition.name_en} (${definition.unit ?? definition.kind})`,
          product?.specifications[definition.uuid],
        ]),
      );
    };
    expect(figures("CAT 320")).toEqual({
      "Operating weight (kg)": 22500,
      "Max. digging depth (m)": 6.72,
      "Engine power (kw)": 110,
      "Max. reach (m)": 9.86,
      "Bucket capacity (m3)": 1.19,
      "Track shoe width (mm)": 600,
    });
    // The one excavator under 6 t that digs at least 3.5 m.
    const excavators = products
      .filter((product) => product.category === "Excavatoare")
      .map((product) => [product.model, figures(product.model)] as const);
    const small = excavators.filter(
      ([, values]) => Number(values["Operating weight (kg)"]) < 6000 && Number(values["Max. digging depth (m)"]) >= 3.5,
    );
    expect(small.map(([model]) => model)).toEqual(["Kubota KX057-5"]);
  });

  it("leaves exactly one product without English, in a category with translated products, to show the fallback", async () => {
    const products = await getJson<ProductView[]>(server, "/api/product");
    const untranslated = products.filter((product) =>
      [product.header_offer_en, product.details_en, product.technical_data_en].every((text) => text === ""),
    );
    expect(untranslated.map((product) => product.model)).toEqual([UNTRANSLATED_MODEL]);
    const [product] = untranslated;
    expect(product.header_offer).toContain("<strong>");
    expect(
      products.filter((other) => other.category === product.category && other.model !== product.model).length,
    ).toBeGreaterThan(0);
  });

  it("serves every product picture as a real JPEG of the announced size", async () => {
    const products = await getJson<ProductView[]>(server, "/api/product");
    const pictures = products.flatMap((product) => [product.header_photo, ...product.gallery]);
    expect(new Set(pictures.map((picture) => picture.image)).size).toBe(pictures.length);
    for (const picture of pictures) await expectJpeg(server, picture);
  });

  it("has three wide banners with a caption and a description in Romanian and English", async () => {
    const banners = await getJson<BannerView[]>(server, "/api/banner/all");
    expect(banners).toHaveLength(3);
    for (const banner of banners) {
      for (const caption of [banner.caption, banner.caption_en]) {
        expect(caption).toMatch(/^\S[^\n]*\S$/);
        expect(caption.length).toBeLessThanOrEqual(120);
      }
      expect(banner.caption_en).not.toBe(banner.caption);
      expect(banner.alt.length).toBeGreaterThan(20);
      expect(banner.alt_en.length).toBeGreaterThan(20);
      expect(banner.alt_en).not.toBe(banner.alt);
      expect({ width: banner.width, height: banner.height }).toEqual({ width: 1600, height: 600 });
    }
    for (const banner of banners) await expectJpeg(server, banner);
  });

  it("gives a few machines several units or none, and bookings in the coming weeks that show every state", async () => {
    const products = await getJson<ProductView[]>(server, "/api/product");
    const units = Object.fromEntries(products.map((product) => [product.model, product.units]));
    expect(units).toMatchObject({ "Kubota KX057-5": 2, "Komatsu PC210LC-11": 3, "Volvo L120H": 0, "CAT 320": 1 });
    const today = romanianDay();
    const availability = await availabilityOf(
      server.services,
      products.map((product) => product.uuid),
      today,
      addDays(today, 55),
    );
    const states = new Set([...availability.values()].flat().map((entry) => entry.state));
    expect(states).toEqual(new Set(["free", "partly", "booked", "on-request"]));
    const bookings = await server.services.db.selectFrom("bookings").selectAll().execute();
    expect(bookings.some((booking) => booking.state === "confirmat" && booking.overbooked === 1)).toBe(true);
    expect(bookings.some((booking) => booking.state === "anulat")).toBe(true);
    expect(bookings.every((booking) => booking.first_day >= today)).toBe(true);
  });

  it("fills every configuration key, the contact's with values the admin form accepts", async () => {
    const { token } = await loginAsAdmin(server);
    const entries = (await (
      await callJson(server, "GET", "/api/configuration/all", undefined, token)
    ).json()) as ConfigurationEntry[];
    expect(entries.map((entry) => entry.key).sort()).toEqual([...CONFIGURATION_KEYS].sort());
    // What anyone reads of it: the contact, the availability switch and the prices, nothing else.
    const seen = await getJson<ConfigurationEntry[]>(server, "/api/configuration");
    expect(seen.map((entry) => entry.key).sort()).toEqual(
      [
        "contact_mail_subject",
        "contact_mail_to",
        "contact_mail_to_second",
        "contact_phone",
        "contact_phone_second",
        "price_currency",
        "price_vat_rate",
        "show_availability",
        "show_prices",
      ].filter((key) => entries.some((entry) => entry.key === key)),
    );
    const value = (key: string) => entries.find((entry) => entry.key === key)?.value ?? "";
    expect(value("contact_mail_to")).toMatch(MAIL_PATTERN);
    expect(value("contact_mail_to_second")).toMatch(MAIL_PATTERN);
    expect(value("contact_phone")).toMatch(PHONE_PATTERN);
    expect(value("contact_phone_second")).toMatch(PHONE_PATTERN);
    expect(value("contact_mail_subject").trim()).not.toBe("");
  });

  it("changes nothing when seeding the same database again", async () => {
    const before = await snapshot(server);
    expect(await seedDemoCatalogue(server.services.db)).toBe(false);
    expect(await snapshot(server)).toEqual(before);
  });
});

describe("demo banner pictures", () => {
  it("carry no words: the caption, in the visitor's language, says them", () => {
    DEMO_BANNERS.forEach((banner, variant) => {
      const svg = bannerPictureSvg({ kinds: banner.kinds, variant });
      expect(svg).toMatch(/^<svg [^>]*width="1600" height="600"/);
      expect(svg).not.toMatch(/<text/i);
    });
  });
});

describe("demo seed on other databases", () => {
  let partial: TestServer;
  let empty: TestServer;
  beforeAll(async () => {
    [partial, empty] = await Promise.all([startTestServer(), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([partial?.close(), empty?.close()]);
  });

  it("leaves a catalogue alone when only its configuration is filled", async () => {
    const now = new Date().toISOString();
    await insertConfiguration(partial.services.db, [
      { id: randomUUID(), key: "contact_phone", value: "0722000999", updated_at: now },
    ]);
    expect(await seedDemoCatalogue(partial.services.db)).toBe(false);
    expect(await getJson<CategoryView[]>(partial, "/api/category")).toEqual([]);
    expect(await getJson<ConfigurationEntry[]>(partial, "/api/configuration")).toHaveLength(1);
  });

  it("seeds once when two instances start on the same empty database together", async () => {
    const results = await Promise.all([seedDemoCatalogue(empty.services.db), seedDemoCatalogue(empty.services.db)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await getJson<CategoryView[]>(empty, "/api/category")).toHaveLength(7);
    expect(await getJson<BannerView[]>(empty, "/api/banner/all")).toHaveLength(3);
    expect(await catalogueVersion(empty.services.db)).toBe(1);
  });
});

/** A drawing process that takes the SVGs and never answers. */
const SILENT_CHILD = new URL("../fixtures/silent-picture-child.ts", import.meta.url);

const svg = (width: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="30"><rect width="${width}" height="30" fill="#f5b800"/></svg>`;

/**
 * The child of a process (Linux) once it runs the silent drawing: before its exec it is still a copy
 * of the parent, which waits in fork() for that exec (stopping it then would stop the parent too).
 */
function silentChildOf(pid: number): number {
  const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0]);
  if (!child || !readFileSync(`/proc/${child}/cmdline`, "utf8").includes("silent-picture-child"))
    throw new Error(`process ${pid} has no drawing process yet`);
  return child;
}

/** Whether a process is still there (a zombie waiting to be reaped has ended). */
function isRunning(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

describe("demo pictures drawn in a child process", () => {
  it("returns each drawing as a JPEG Buffer, in order", async () => {
    const pictures = await renderPicturesApart([svg(40), svg(50), svg(60)]);
    expect(pictures.map((picture) => [picture.width, picture.height, picture.mime_type])).toEqual([
      [40, 30, "image/jpeg"],
      [50, 30, "image/jpeg"],
      [60, 30, "image/jpeg"],
    ]);
    // The database drivers bind only Buffers as blobs; the child's reply arrives as plain bytes.
    for (const picture of pictures) {
      expect(Buffer.isBuffer(picture.bytes)).toBe(true);
      expect(picture.byte_size).toBe(picture.bytes.byteLength);
      expect((await sharp(picture.bytes).metadata()).format).toBe("jpeg");
    }
  });

  it("fails with the drawing's error when a picture cannot be drawn", async () => {
    await expect(renderPicturesApart(["<svg"])).rejects.toThrow(
      /^The demo pictures could not be drawn: .*unsupported image format/,
    );
  });

  it("fails with a clear message, the drawing process killed, when it does not answer in time", async () => {
    // The promise settles once the process has exited: a child left running would time this test out.
    await expect(renderPicturesApart([svg(40)], { deadlineMs: 100, module: SILENT_CHILD })).rejects.toThrow(
      /^The demo pictures could not be drawn: the drawing process did not answer within 0.1 s$/,
    );
  });

  it("draws with none of the parent's NODE_OPTIONS (a profiler's --import would run in the child too)", async () => {
    const options = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = "--import=/nonexistent/probe.mjs";
    try {
      expect(await renderPicturesApart([svg(40)])).toHaveLength(1);
    } finally {
      if (options === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = options;
    }
  });

  it("kills a stopped drawing process when the starting server is stopped by a signal", async () => {
    const parent = spawn(process.execPath, [fileURLToPath(new URL("../fixtures/picture-parent.ts", import.meta.url))], {
      stdio: "ignore",
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      parent.once("exit", (_code, signal) => resolve(signal)),
    );
    const child = await vi.waitFor(() => silentChildOf(parent.pid ?? 0), { timeout: 20_000 });
    try {
      process.kill(child, "SIGSTOP");
      parent.kill("SIGTERM");
      // Ended by the signal as it would have been without the drawing under way (systemd sees a stop).
      expect(await ended).toBe("SIGTERM");
      await vi.waitFor(() => expect(isRunning(child)).toBe(false), { timeout: 10_000 });
    } finally {
      if (isRunning(child)) process.kill(child, "SIGKILL");
    }
  });
});
