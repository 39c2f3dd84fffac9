import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";
import type { RevisionDetail, RevisionPage } from "../../common/revisions/revision-schemas.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { json, productBody, formUpdateBody } from "../helpers/catalogue-api.ts";

/**
 * A machine's prices (decision 089) through the product calls, on SQLite and PostgreSQL (TEST_DIALECT):
 * each refusal with its code, kept when left out, hidden from public replies while the site's switch is
 * off or the machine is "la cerere", read by the admin always, kept by revisions and the trash.
 */
const admin = withAdminServer();

// The contact's keys are required by every save of the configuration.
beforeAll(async () => {
  const contact = [
    { key: "contact_mail_to", value: "oferte@example.ro" },
    { key: "contact_mail_subject", value: "Cerere" },
    { key: "contact_phone", value: "0722000111" },
  ];
  await json(await admin.call("PUT", "/api/configuration/update", contact), 200);
});

const PRICES: ProductPrices = {
  day: 45_000,
  week: 250_000,
  month: 800_000,
  deposit: 100_000,
  operator_day: 30_000,
  minimum_days: 2,
  on_request: false,
};

let categories = 0;
async function newMachine(model: string, prices?: Partial<ProductPrices>): Promise<ProductView> {
  categories += 1;
  const { name } = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: `Preturi ${categories}` }),
    201,
  );
  const body = { ...(await productBody(name, model)), ...(prices ? { prices } : {}) };
  return json<ProductView>(await admin.call("POST", "/api/product/create", body), 201);
}

/** The form's save of the machine as it is, with `changes` on top (its pictures kept by uuid). */
function save(product: ProductView, changes: Record<string, unknown> = {}) {
  return admin.call("PUT", "/api/product/update", formUpdateBody(product, changes));
}

const edited = async (id: string) => json<ProductView>(await admin.call("GET", `/api/product/edit/${id}`), 200);

async function showPrices(shown: boolean): Promise<void> {
  await json(await admin.call("PUT", "/api/configuration/update", [{ key: "show_prices", value: String(shown) }]), 200);
}

/** Every public read of one machine, by each of its addresses. */
async function publicReads(product: ProductView): Promise<ProductView[]> {
  const get = async <T>(pathname: string) => json<T>(await admin.server.fetch(pathname), 200);
  const pick = (list: ProductView[]) => list.filter((item) => item.uuid === product.uuid);
  return [
    ...pick(await get<ProductView[]>("/api/product")),
    ...pick(await get<ProductView[]>(`/api/product/category/${product.category_uuid}`)),
    ...pick(await get<ProductView[]>(`/api/product/category/name/${product.category_slug}`)),
    await get<ProductView>(`/api/product/details/${product.uuid}`),
    await get<ProductView>(`/api/product/details/model/${product.slug}`),
    ...(await get<ProductView[]>(`/api/product/${product.uuid}`)),
    await get<ProductView>(`/api/product/${product.category_slug}/${product.slug}`),
  ];
}

describe("the prices' rules", () => {
  it("refuses each bad amount with its own code, at its key, and writes nothing", async () => {
    const product = await newMachine("Pret Reguli");
    const cases: [unknown, { msg: string; path: string }[]][] = [
      [{ day: -1 }, [{ msg: "PRICE_AMOUNT_NEGATIVE", path: "prices.day" }]],
      [{ day: 100, deposit: 12.5 }, [{ msg: "PRICE_AMOUNT_NOT_WHOLE", path: "prices.deposit" }]],
      [{ day: 1_000_000_001 }, [{ msg: "PRICE_AMOUNT_TOO_LARGE", path: "prices.day" }]],
      [{ day: "450" }, [{ msg: "INVALID_PRICE_AMOUNT", path: "prices.day" }]],
      [{ week: 250_000 }, [{ msg: "PRICE_RATE_WITHOUT_DAY_RATE", path: "prices.week" }]],
      [{ month: 800_000 }, [{ msg: "PRICE_RATE_WITHOUT_DAY_RATE", path: "prices.month" }]],
      [{ day: 100, minimum_days: 0 }, [{ msg: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE", path: "prices.minimum_days" }]],
      [{ day: 100, minimum_days: 367 }, [{ msg: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE", path: "prices.minimum_days" }]],
      [{ day: 100, minimum_days: 1.5 }, [{ msg: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE", path: "prices.minimum_days" }]],
      [{ on_request: "da" }, [{ msg: "INVALID_PRICE_ON_REQUEST", path: "prices.on_request" }]],
      ["450 lei", [{ msg: "INVALID_PRODUCT_PRICES", path: "prices" }]],
      [[45_000], [{ msg: "INVALID_PRODUCT_PRICES", path: "prices" }]],
    ];
    for (const [prices, errors] of cases) {
      const reply = await save(product, { prices });
      expect(await json(reply, 400), JSON.stringify(prices)).toEqual({ errors });
    }
    const created = await admin.call("POST", "/api/product/create", {
      ...(await productBody(product.category, "Pret Refuzat")),
      prices: { day: -5 },
    });
    expect(await json(created, 400)).toEqual({ errors: [{ msg: "PRICE_AMOUNT_NEGATIVE", path: "prices.day" }] });
    expect((await edited(product.uuid)).version).toBe(product.version);
  });

  it("takes the largest amount and the bounds of the minimum", async () => {
    const product = await newMachine("Pret Limite");
    const prices = { ...PRICES, day: 1_000_000_000, minimum_days: 366 };
    expect((await json<ProductView>(await save(product, { prices }), 200)).prices).toEqual(prices);
  });
});

describe("kept, shown and hidden", () => {
  it("keeps the stored prices when a save leaves them out, and replaces them whole when sent", async () => {
    const product = await newMachine("Pret Pastrat", PRICES);
    expect(product.prices).toEqual(PRICES);
    const kept = await json<ProductView>(await save(product, { header_offer: "<p>Alta oferta</p>" }), 200);
    expect(kept.prices).toEqual(PRICES);
    expect((await edited(product.uuid)).prices).toEqual(PRICES);
    const replaced = await json<ProductView>(await save(kept, { prices: { day: 50_000 } }), 200);
    expect(replaced.prices).toEqual({
      day: 50_000,
      week: null,
      month: null,
      deposit: null,
      operator_day: null,
      minimum_days: null,
      on_request: false,
    });
  });

  it("gives a machine created without prices none", async () => {
    const product = await newMachine("Pret Absent");
    expect((await edited(product.uuid)).prices).toEqual({
      day: null,
      week: null,
      month: null,
      deposit: null,
      operator_day: null,
      minimum_days: null,
      on_request: false,
    });
  });

  it("hides them from every public reply while the switch is off, shows them when on, never a machine's on request", async () => {
    const priced = await newMachine("Pret Public", PRICES);
    const asked = await newMachine("Pret La Cerere", { ...PRICES, on_request: true });
    const before = await admin.server.fetch(`/api/product/details/${priced.uuid}`);
    const etagOff = before.headers.get("etag");
    expect(before.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    for (const reply of [...(await publicReads(priced)), ...(await publicReads(asked))]) {
      expect(reply).not.toHaveProperty("prices");
      expect(JSON.stringify(reply)).not.toContain("250000");
    }
    // The admin reads them all the same.
    expect((await edited(asked.uuid)).prices).toEqual({ ...PRICES, on_request: true });

    await showPrices(true);
    try {
      const shown = await publicReads(priced);
      expect(shown).toHaveLength(7);
      for (const reply of shown) expect(reply.prices).toEqual(PRICES);
      for (const reply of await publicReads(asked)) {
        expect(reply.prices).toEqual({
          day: null,
          week: null,
          month: null,
          deposit: null,
          operator_day: null,
          minimum_days: null,
          on_request: true,
        });
      }
      const after = await admin.server.fetch(`/api/product/details/${priced.uuid}`);
      expect(after.headers.get("etag")).not.toBe(etagOff);
      // A revalidation with the old ETag gets the new body, not a 304.
      const revalidated = await admin.server.fetch(`/api/product/details/${priced.uuid}`, {
        headers: { "If-None-Match": etagOff ?? "" },
      });
      expect(revalidated.status).toBe(200);
    } finally {
      await showPrices(false);
    }
    const off = await admin.server.fetch(`/api/product/details/${priced.uuid}`);
    expect(off.headers.get("etag")).toBe(etagOff);
  });

  it("refuses the admin's read without a session", async () => {
    const product = await newMachine("Pret Sesiune", PRICES);
    const reply = await admin.server.fetch(`/api/product/edit/${product.uuid}`);
    expect(reply.status).toBe(401);
    expect(await reply.text()).not.toContain("45000");
    expect((await admin.call("GET", "/api/product/edit/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("the settings in Configurare", () => {
  it("refuses a currency, VAT rate or switch it does not know, each with its code", async () => {
    const cases: [string, string, string][] = [
      ["price_currency", "USD", "INVALID_CONFIGURATION_PRICE_CURRENCY"],
      ["price_vat_rate", "10001", "INVALID_CONFIGURATION_VAT_RATE"],
      ["price_vat_rate", "21.5", "INVALID_CONFIGURATION_VAT_RATE"],
      ["price_vat_rate", "-1", "INVALID_CONFIGURATION_VAT_RATE"],
      ["show_prices", "da", "INVALID_CONFIGURATION_SHOW_PRICES"],
    ];
    for (const [key, value, code] of cases) {
      const reply = await admin.call("PUT", "/api/configuration/update", [{ key, value }]);
      expect(await json(reply, 400), `${key}=${value}`).toEqual({ errors: [{ msg: code, path: key }] });
    }
    const saved = await json<{ key: string; value: string }[]>(
      await admin.call("PUT", "/api/configuration/update", [
        { key: "price_currency", value: "eur" },
        { key: "price_vat_rate", value: "950" },
      ]),
      200,
    );
    expect(saved.filter(({ key }) => key.startsWith("price_"))).toMatchObject([
      { key: "price_currency", value: "EUR" },
      { key: "price_vat_rate", value: "950" },
    ]);
  });
});

describe("revisions, the Jurnal and the trash", () => {
  it("names a price change in the Jurnal and the Istoric, and a restore brings the old prices back", async () => {
    const product = await newMachine("Pret Istoric", PRICES);
    const changed = await json<ProductView>(await save(product, { prices: { ...PRICES, day: 50_000 } }), 200);
    const [entry] = await admin.server.services.db
      .selectFrom("activity_log")
      .select("summary")
      .where("item_id", "=", product.uuid)
      .where("action", "=", "update")
      .execute();
    expect(entry?.summary).toBe("Modificat: preturile");

    const { items } = await json<RevisionPage>(
      await admin.call("GET", `/api/revisions?kind=product&item=${product.uuid}`),
      200,
    );
    const detail = await json<RevisionDetail>(await admin.call("GET", `/api/revisions/${items[0]?.id}`), 200);
    expect(detail.changes).toEqual([
      {
        field: "prices",
        label: "preturile",
        before: "zi 450,00; saptamana 2500,00; luna 8000,00; garantie 1000,00; operator/zi 300,00; minim 2 zile",
        after: "zi 500,00; saptamana 2500,00; luna 8000,00; garantie 1000,00; operator/zi 300,00; minim 2 zile",
      },
    ]);

    const created = items.find((item) => item.action === "create");
    await json(await admin.call("POST", `/api/revisions/${created?.id}/restore`, { version: changed.version }), 200);
    expect((await edited(product.uuid)).prices).toEqual(PRICES);
  });

  it("keeps the prices of a machine in the trash and gives them back on restore", async () => {
    const product = await newMachine("Pret Cos", { ...PRICES, on_request: true });
    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    const { items } = await json<{ items: { id: string; itemId: string }[] }>(
      await admin.call("GET", "/api/trash"),
      200,
    );
    const entry = items.find((item) => item.itemId === product.uuid);
    await json(await admin.call("POST", `/api/trash/${entry?.id}/restore`, {}), 200);
    expect((await edited(product.uuid)).prices).toEqual({ ...PRICES, on_request: true });
  });
});
