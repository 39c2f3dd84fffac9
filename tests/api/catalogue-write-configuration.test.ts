import { describe, expect, it } from "vitest";
import type { ConfigurationEntry } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson } from "../helpers/auth.ts";
import { json, versionOf } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

const admin = withAdminServer();

const put = (body: unknown) => callJson(admin.server, "PUT", "/api/configuration/update", body, admin.token);
const stored = async () => json<ConfigurationEntry[]>(await admin.server.fetch("/api/configuration"), 200);
const valueOf = (entries: ConfigurationEntry[], key: string) => entries.find((entry) => entry.key === key)?.value;

const primary = [
  { key: "contact_mail_to", value: "office@utilaje.ro" },
  { key: "contact_mail_subject", value: "Cerere   oferta" },
  { key: "contact_phone", value: "0722 123 456" },
];

describe("PUT /api/configuration/update", () => {
  it("needs the primary contact on a new database", async () => {
    expect(await json(await put([{ key: "contact_mail_subject", value: "Subiect" }]), 400)).toEqual({
      errors: [
        { msg: "REQUIRED_CONFIGURATION_MAIL_TO", path: "contact_mail_to" },
        { msg: "REQUIRED_CONFIGURATION_PHONE", path: "contact_phone" },
      ],
    });
    expect(await stored()).toEqual([]);
  });

  it("stores the entries normalized and replies with the whole configuration", async () => {
    const before = await versionOf(admin.server);
    const reply = await json<ConfigurationEntry[]>(await put(primary), 200);
    expect(await versionOf(admin.server)).toBe(before + 1);
    expect(reply).toEqual(await stored());
    expect(valueOf(reply, "contact_phone")).toBe("0722123456");
    expect(valueOf(reply, "contact_mail_subject")).toBe("Cerere oferta");
    expect(reply.every((entry) => /^[0-9a-f-]{36}$/.test(entry.uuid))).toBe(true);
  });

  it("changes one entry by its uuid and checks it with the stored rest", async () => {
    const phone = (await stored()).find((entry) => entry.key === "contact_phone");
    const reply = await json<ConfigurationEntry[]>(
      await put([{ uuid: phone?.uuid, key: "contact_phone", value: "0212 345 678" }]),
      200,
    );
    expect(reply.find((entry) => entry.key === "contact_phone")).toEqual({
      uuid: phone?.uuid,
      key: "contact_phone",
      value: "0212345678",
      version: (phone?.version ?? 0) + 1,
    });
    expect(valueOf(reply, "contact_mail_to")).toBe("office@utilaje.ro");
  });

  it("wants the second e-mail and phone together", async () => {
    expect(await json(await put([{ key: "contact_mail_to_second", value: "vanzari@utilaje.ro" }]), 400)).toEqual({
      errors: [{ msg: "REQUIRED_CONFIGURATION_PHONE_SECOND", path: "contact_phone_second" }],
    });
    expect(await json(await put([{ key: "contact_phone_second", value: "0733123456" }]), 400)).toEqual({
      errors: [{ msg: "REQUIRED_CONFIGURATION_MAIL_TO_SECOND", path: "contact_mail_to_second" }],
    });
    const reply = await json<ConfigurationEntry[]>(
      await put([
        { key: "contact_mail_to_second", value: "vanzari@utilaje.ro" },
        { key: "contact_phone_second", value: "0733 123 456" },
      ]),
      200,
    );
    expect(valueOf(reply, "contact_phone_second")).toBe("0733123456");
    // Both emptied together removes the second contact.
    const cleared = await json<ConfigurationEntry[]>(
      await put([
        { key: "contact_mail_to_second", value: "" },
        { key: "contact_phone_second", value: " " },
      ]),
      200,
    );
    expect(valueOf(cleared, "contact_mail_to_second")).toBe("");
  });

  it.each([
    ["contact_mail_to", "Office@Utilaje.ro", "INVALID_CONFIGURATION_MAIL_TO"],
    ["contact_mail_to", "office@utilaje", "INVALID_CONFIGURATION_MAIL_TO"],
    ["contact_mail_to", "", "REQUIRED_CONFIGURATION_MAIL_TO"],
    ["contact_mail_subject", "   ", "REQUIRED_CONFIGURATION_MAIL_SUBJECT"],
    ["contact_mail_subject", "x".repeat(201), "INVALID_CONFIGURATION_MAIL_SUBJECT"],
    ["contact_phone", "", "REQUIRED_CONFIGURATION_PHONE"],
    ["contact_phone", "0822 123 456", "INVALID_CONFIGURATION_PHONE"],
    ["contact_phone", "+40722123456", "INVALID_CONFIGURATION_PHONE"],
    ["contact_mail_to_second", "A@b.ro", "INVALID_CONFIGURATION_MAIL_TO_SECOND"],
    ["contact_phone_second", "12345", "INVALID_CONFIGURATION_PHONE_SECOND"],
  ])("answers %s = %j with 400 %s and stores nothing", async (key, value, code) => {
    const before = await stored();
    const response = await put([{ key, value }]);
    const body = await json<{ errors: { msg: string; path: string }[] }>(response, 400);
    expect(body.errors).toContainEqual({ msg: code, path: key });
    expect(await stored()).toEqual(before);
  });

  it("answers a uuid that is not that key's row with 404 ERROR_UPDATE_CONFIGURATIONS", async () => {
    const mail = (await stored()).find((entry) => entry.key === "contact_mail_to");
    expect(await json(await put([{ uuid: mail?.uuid, key: "contact_phone", value: "0722123456" }]), 404)).toEqual(
      errorBody("ERROR_UPDATE_CONFIGURATIONS"),
    );
    expect(
      await json(
        await put([{ uuid: "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70", key: "contact_mail_to", value: "a@b.ro" }]),
        404,
      ),
    ).toEqual(errorBody("ERROR_UPDATE_CONFIGURATIONS"));
  });

  it.each([
    [{}, { errors: [{ msg: "INVALID_CONFIGURATION", path: "" }] }],
    [null, { errors: [{ msg: "INVALID_CONFIGURATION", path: "" }] }],
    [[{ key: "smtp_url", value: "x" }], { errors: [{ msg: "INVALID_CONFIGURATION", path: "0.key" }] }],
    [[{ key: "contact_phone", value: 722123456 }], { errors: [{ msg: "INVALID_CONFIGURATION", path: "0.value" }] }],
    [
      [
        { key: "contact_phone", value: "0722123456" },
        { key: "contact_phone", value: "0722123457" },
      ],
      { errors: [{ msg: "INVALID_CONFIGURATION", path: "" }] },
    ],
    [["contact_phone"], { errors: [{ msg: "INVALID_CONFIGURATION", path: "0" }] }],
  ])("answers %j with 400", async (body, reply) => {
    expect(await json(await put(body), 400)).toEqual(reply);
  });
});

describe("GET /api/configuration and GET /api/configuration/all", () => {
  it("show anyone the settings the public pages show, and every setting only to a signed-in Configurare", async () => {
    await json(
      await put([
        { key: "show_prices", value: "true" },
        { key: "offer_validity_days", value: "21" },
        { key: "company_legal_name", value: "SC Utilaje Test SRL" },
        { key: "second_factor_required", value: "false" },
      ]),
      200,
    );
    const all = await admin.call("GET", "/api/configuration/all");
    expect(all.headers.get("cache-control")).toBe("no-store");
    const everything = await json<ConfigurationEntry[]>(all, 200);
    expect(valueOf(everything, "offer_validity_days")).toBe("21");
    expect(valueOf(everything, "company_legal_name")).toBe("SC Utilaje Test SRL");
    expect(valueOf(everything, "second_factor_required")).toBe("false");

    const anyone = await stored();
    expect(anyone.map((entry) => entry.key).sort()).toEqual(
      [
        "contact_mail_subject",
        "contact_mail_to",
        "contact_mail_to_second",
        "contact_phone",
        "contact_phone_second",
        "show_prices",
      ].sort(),
    );
    expect(anyone).toEqual(everything.filter((entry) => anyone.some(({ key }) => key === entry.key)));
    // A token does not widen the public read: it is the same for everyone, and cacheable as such.
    expect(await json(await admin.call("GET", "/api/configuration"), 200)).toEqual(anyone);

    const unsigned = await admin.server.fetch("/api/configuration/all");
    expect(await json(unsigned, 401)).toEqual(errorBody("ERROR_UNAUTHORIZED"));
    expect(unsigned.headers.get("cache-control")).toBe("no-store");
  });
});
