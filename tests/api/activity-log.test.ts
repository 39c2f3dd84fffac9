import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity/activity-schemas.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { imageIdFromPath } from "../../common/media/media-paths.ts";
import { pruneActivity } from "../../server/activity/housekeeping.ts";
import { insertActivity } from "../../server/db/repositories/activity-log.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { createCategory, json, productBody } from "../helpers/catalogue-api.ts";
import { sendContact, validContact, FAST_ALTCHA } from "../helpers/contact.ts";
import { TEST_ADMIN } from "../helpers/test-server.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";

/**
 * The activity log (decision 073): every administrator action leaves one entry, written with the
 * action's own write; the list and its CSV; the retention; nothing secret in it.
 */
const admin = withAdminServer({
  LOG_LEVEL: "error",
  LOGIN_RATE_LIMIT: "1000",
  CONTACT_RATE_LIMIT: "1000",
  ...FAST_ALTCHA,
});

const list = async (query = "") => json<ActivityPage>(await admin.call("GET", `/api/activity${query}`), 200);
const newest = async (query = "") => (await list(query)).items[0];
/** The entries of one action, newest first. */
const newestOf = async (action: string) =>
  (await admin.server.services.db.selectFrom("activity_log").selectAll().where("action", "=", action).execute()).map(
    (row) => row.summary,
  );
const allEntries = () => admin.server.services.db.selectFrom("activity_log").selectAll().execute();

describe("what the log holds", () => {
  it("logs logins: a success, a wrong password, an unknown name, with the client's address", async () => {
    await loginAsAdmin(admin.server);
    expect(await newest()).toMatchObject({
      action: "login",
      kind: "user",
      userName: TEST_ADMIN.username,
      address: "127.0.0.1",
      itemName: TEST_ADMIN.username,
      itemExists: true,
    });
    const wrong = "Gresita-parola-9";
    expect(
      (await callJson(admin.server, "POST", "/api/login", { username: TEST_ADMIN.username, password: wrong })).status,
    ).toBe(401);
    expect(await newest()).toMatchObject({ action: "login_failed", summary: "Autentificare refuzata: parola gresita" });
    // A name typed into the wrong field may be a password: the log never writes what was typed.
    expect(
      (await callJson(admin.server, "POST", "/api/login", { username: "Parola-scapata-7", password: wrong })).status,
    ).toBe(401);
    const unknown = await newest();
    expect(unknown).toMatchObject({ action: "login_failed", userId: null, userName: "(nume necunoscut)" });
    expect(JSON.stringify(await allEntries())).not.toContain("Parola-scapata-7");
  });

  it("logs a product's create, update (the fields that changed) and delete, and links it while it exists", async () => {
    const category = await createCategory(admin.server, admin.token, "Excavatoare jurnal");
    expect(await newest()).toMatchObject({ action: "create", kind: "category", itemId: category.uuid });
    const body = await productBody(category.name, "Kubota KX057-5");
    const product = await json<ProductView>(await admin.call("POST", "/api/product/create", body), 201);
    expect(await newest()).toMatchObject({
      action: "create",
      kind: "product",
      itemId: product.uuid,
      itemName: "Kubota KX057-5",
      itemExists: true,
    });
    const update = {
      ...body,
      uuid: product.uuid,
      header_offer: "<p>Pret nou pe zi</p>",
      header_photo: { uuid: imageIdFromPath(product.header_photo.image) ?? "" },
      gallery: product.gallery.map((picture) => ({ uuid: imageIdFromPath(picture.image) ?? "" })),
    };
    await json(await admin.call("PUT", "/api/product/update", update), 200);
    expect(await newest()).toMatchObject({ action: "update", kind: "product", summary: "Modificat: oferta" });
    expect((await admin.call("DELETE", `/api/product/${product.uuid}`)).status).toBe(204);
    expect(await newest()).toMatchObject({ action: "delete", kind: "product", itemName: "Kubota KX057-5" });
    const ofProduct = (await list("?kind=product")).items.filter((entry) => entry.itemId === product.uuid);
    expect(ofProduct.map((entry) => [entry.action, entry.itemExists])).toEqual([
      ["delete", false],
      ["update", false],
      ["create", false],
    ]);
  });

  it("logs the configuration's saves with the keys that changed, and a banner's life", async () => {
    await json(
      await admin.call("PUT", "/api/configuration/update", [
        { key: "contact_mail_to", value: "office@utilaje.ro" },
        { key: "contact_mail_subject", value: "Cerere oferta" },
        { key: "contact_phone", value: "0722 123 456" },
      ]),
      200,
    );
    expect(await newest()).toMatchObject({
      action: "update",
      kind: "configuration",
      summary:
        "Modificat: adresa de e-mail (contact principal), subiectul e-mailurilor, numarul de telefon (contact principal)",
      itemExists: true,
    });
    const { pngPayload } = await import("../helpers/pictures.ts");
    const [banner] = await json<{ uuid: string }[]>(
      await admin.call("POST", "/api/banner/create", { banner: [await pngPayload()] }),
      201,
    );
    expect(await newest()).toMatchObject({ action: "create", kind: "banner", itemId: banner?.uuid });
    expect((await admin.call("DELETE", `/api/banner/${banner?.uuid}`)).status).toBe(204);
    expect(await newest()).toMatchObject({ action: "delete", kind: "banner", itemExists: false });
  });

  it("logs a contact request's status change and erasure, naming it by its day, never by the person", async () => {
    const contact = validContact({ lastName: "Ionescu-Jurnal" });
    expect((await sendContact(admin.server, contact)).status).toBe(201);
    const [lead] = await admin.server.services.db.selectFrom("contact_requests").select("id").execute();
    const id = lead?.id ?? "";
    await json(await admin.call("PUT", `/api/contact/requests/${id}/status`, { status: "contactat" }), 200);
    const day = romanianDay();
    expect(await newest()).toMatchObject({
      action: "status_change",
      kind: "lead",
      itemName: `Cererea din ${day}`,
      summary: "Stare: nou -> contactat",
    });
    expect((await admin.call("DELETE", `/api/contact/requests/${id}`)).status).toBe(204);
    expect(await newest()).toMatchObject({ action: "erase", kind: "lead", itemExists: false });
    expect(JSON.stringify(await allEntries())).not.toContain("Ionescu-Jurnal");
  });

  it("writes nothing for a write that fails: the entry is in the write's transaction", async () => {
    const before = (await allEntries()).length;
    expect((await admin.call("POST", "/api/category/create", { name: "Excavatoare jurnal" })).status).toBe(409);
    const category = await createCategory(admin.server, admin.token, "Versiuni jurnal");
    const stale = { uuid: category.uuid, name: "Alt nume", version: category.version + 1 };
    expect((await admin.call("PUT", "/api/category/update", stale)).status).toBe(409);
    expect((await allEntries()).length).toBe(before + 1);
  });
});

describe("the list and its CSV", () => {
  it("filters by action, kind, user and days, newest first", async () => {
    const deletes = await list("?action=delete");
    expect(deletes.items.length).toBeGreaterThan(0);
    expect(deletes.items.every((entry) => entry.action === "delete")).toBe(true);
    const user = deletes.users.find((account) => account.name === TEST_ADMIN.username);
    const mine = await list(`?user=${user?.id}&kind=category`);
    expect(mine.items.every((entry) => entry.userId === user?.id && entry.kind === "category")).toBe(true);
    const today = romanianDay();
    const all = await list(`?from=${today}&to=${today}`);
    expect(all.items.length).toBeGreaterThan(5);
    const times = all.items.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await list("?from=2000-01-01&to=2000-01-02")).items).toEqual([]);
  });

  it("pages 50 at a time with an offset, up to 10 000 deep", async () => {
    const { db } = admin.server.services;
    for (let index = 0; index < 60; index++) {
      await insertActivity(db, {
        id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
        at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        userId: null,
        fallbackUserName: "import",
        address: "10.0.0.1",
        action: "update",
        kind: "product",
        itemId: null,
        itemName: `Utilaj ${index}`,
        summary: "Modificat: oferta",
      });
    }
    const first = await list("?to=2026-01-01");
    expect(first).toMatchObject({ offset: 0, hasMore: true });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.itemName).toBe("Utilaj 59");
    const second = await list("?to=2026-01-01&offset=50");
    expect(second).toMatchObject({ offset: 50, hasMore: false });
    expect(second.items.map((entry) => entry.itemName).at(-1)).toBe("Utilaj 0");
  });

  it("refuses a bad filter with its own code", async () => {
    const cases: [string, string, string][] = [
      ["action=nimic", "INVALID_ACTIVITY_ACTION", "action"],
      ["kind=masina", "INVALID_ACTIVITY_KIND", "kind"],
      ["user=admin", "INVALID_ACTIVITY_USER", "user"],
      ["from=2026-13-01", "INVALID_ACTIVITY_DATE", "from"],
      ["to=ieri", "INVALID_ACTIVITY_DATE", "to"],
      ["offset=10001", "INVALID_ACTIVITY_OFFSET", "offset"],
      ["offset=-1", "INVALID_ACTIVITY_OFFSET", "offset"],
    ];
    for (const [query, msg, field] of cases) {
      expect(await json(await admin.call("GET", `/api/activity?${query}`), 400), query).toEqual({
        errors: [{ msg, path: field }],
      });
    }
  });

  it("is the administrator's alone", async () => {
    expect((await admin.server.fetch("/api/activity")).status).toBe(401);
    expect((await admin.server.fetch("/api/activity/export")).status).toBe(401);
  });

  it("exports the filtered entries as a formula-safe CSV", async () => {
    await createCategory(admin.server, admin.token, "-1 Excavatoare formula");
    const response = await admin.call("GET", "/api/activity/export?kind=category");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="jurnal-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''jurnal-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // Read with its byte-order mark (text() drops it): Excel needs it to read UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(
      text.startsWith('\uFEFF"Data","Utilizator","Adresa","Actiune","Tip","Element","Rezumat","Id element"\r\n'),
    ).toBe(true);
    // A cell that Excel would read as a formula (- + = @ first) starts with an apostrophe.
    expect(text).toContain(`"'-1 Excavatoare formula"`);
    expect(text).toContain('"Categorie"');
    expect(text).not.toContain('"Utilaj"');
  });
});

describe("retention and secrets", () => {
  it("forgets entries older than the retention, keeps the rest", async () => {
    const { db } = admin.server.services;
    const now = new Date();
    const old = new Date(now.getTime() - 366 * 24 * 60 * 60_000).toISOString();
    await insertActivity(db, {
      id: "11111111-1111-4111-8111-111111111111",
      at: old,
      userId: null,
      fallbackUserName: "x",
      address: "10.0.0.2",
      action: "delete",
      kind: "product",
      itemId: null,
      itemName: "Vechi",
      summary: "s",
    });
    const before = (await allEntries()).length;
    expect(await pruneActivity(db, now, 365)).toBe(1);
    const after = await allEntries();
    expect(after.length).toBe(before - 1);
    expect(after.some((entry) => entry.item_name === "Vechi")).toBe(false);
  });

  it("holds no password, token or reset link, in the log nor in the database file", async () => {
    const next = "Alta-parola-secreta-42";
    const session = await loginAsAdmin(admin.server);
    const changed = await callJson(
      admin.server,
      "POST",
      "/api/change",
      { oldPassword: TEST_ADMIN.password, newPassword: next, confirmPassword: next },
      session.token,
    );
    expect(changed.status).toBe(200);
    const pair = (await changed.json()) as { token: string; refreshToken: string };
    const back = await callJson(
      admin.server,
      "POST",
      "/api/change",
      { oldPassword: next, newPassword: TEST_ADMIN.password, confirmPassword: TEST_ADMIN.password },
      pair.token,
    );
    expect(back.status).toBe(200);
    expect((await callJson(admin.server, "POST", "/api/reset", { mail: TEST_ADMIN.email, lang: "ro" })).status).toBe(
      204,
    );
    const dataDir = admin.server.services.config.DATA_DIR;
    const resetLink = () =>
      emlFiles(dataDir)
        .map((file) => /\/admin\/reset\/([\w-]+)/.exec(readFileSync(file, "utf8").replace(/=\r?\n/g, ""))?.[1])
        .find((token) => token !== undefined);
    await expect.poll(resetLink).toBeDefined();
    const resetToken = resetLink() ?? "";
    const reset = "Parola-din-link-77";
    const verified = await callJson(admin.server, "POST", "/api/change/verify", {
      token: resetToken,
      newPassword: reset,
      confirmPassword: reset,
    });
    expect(verified.status).toBe(204);
    expect(await newestOf("password_reset")).toHaveLength(2);
    // The request came from whoever knew the address: its entry is no account's.
    const requested = (await allEntries()).find((row) => row.summary.startsWith("Resetare de parola ceruta"));
    expect(requested).toMatchObject({ user_id: null, user_name: "(cerere anonima)", item_name: TEST_ADMIN.username });
    const secrets = [
      TEST_ADMIN.password,
      next,
      reset,
      session.token,
      session.refreshToken,
      pair.token,
      pair.refreshToken,
    ];
    const log = JSON.stringify(await allEntries());
    for (const secret of [...secrets, resetToken, "/admin/reset/"]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain("password_change");
    if (admin.server.services.dialect !== "sqlite") return;
    // The whole database file and its journal: the log, and every other table, hold none of them.
    for (const file of readdirSync(dataDir).filter((name) => name.startsWith("utilaje.db"))) {
      const bytes = readFileSync(path.join(dataDir, file)).toString("latin1");
      for (const secret of secrets) expect(bytes.includes(secret), `${file} holds a secret`).toBe(false);
    }
  });
});
