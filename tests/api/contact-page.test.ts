import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_TEXTS } from "../../app/components/contact-form/contact-texts.ts";
import { errorMessage } from "../../common/errors/error-codes.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { FAST_ALTCHA, sendContact, solvedCaptcha, validContact } from "../helpers/contact.ts";
import { rawRequest, type RawResponse } from "../helpers/raw-request.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/*
 * The /contact page: its 'CERETI OFERTA' addresses, and its form posted without JavaScript (the page's
 * action), tried as a robot would. POST /api/contact itself is tested in contact.test.ts.
 */

let server: TestServer;
let site: Awaited<ReturnType<typeof productionSite>>;
beforeAll(async () => {
  site = await productionSite();
  server = await startTestServer(
    {
      ...FAST_ALTCHA,
      SEED_DEMO: "true",
      CONTACT_RATE_LIMIT: "1000",
      CONTACT_NOSCRIPT_RATE_LIMIT: "1000",
      CONTACT_NOSCRIPT_SITE_LIMIT: "1000",
    },
    site,
  );
});
afterAll(async () => {
  await server?.close();
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** The form as a browser without JavaScript posts it. */
function postForm(
  target: TestServer,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(target.url, "/contact", {
    method: "POST",
    headers: { ...FORM, ...headers },
    body: new URLSearchParams({ check: "on", ...fields }).toString(),
  });
}

const storedWith = (target: TestServer, marker: string) =>
  target.services.db
    .selectFrom("contact_requests")
    .select(["id", "last_name", "verified"])
    .where("message", "like", `%${marker}%`)
    .execute();

const marker = () => `marker-${crypto.randomUUID()}`;

describe("the /contact page opened by 'CERETI OFERTA'", () => {
  it("is prefilled for the machine its address names, whatever was asked before (page and data requests)", async () => {
    const [first, second] = await server.services.db
      .selectFrom("products")
      .select(["id", "model"])
      .orderBy("model")
      .limit(2)
      .execute();
    expect(await (await server.fetch("/contact")).text()).not.toContain('name="product"');
    for (const product of [first, second]) {
      const html = await (await server.fetch(`/contact?product=${product.id}`)).text();
      expect(html).toContain(`name="product" value="${product.id}"`);
    }
    for (const product of [first, second]) {
      const data = await (await server.fetch(`/contact.data?product=${product.id}&_routes=routes%2Fcontact`)).text();
      expect(data).toContain(product.id);
    }
    expect(await (await server.fetch("/contact")).text()).not.toContain('name="product"');
  });
});

describe("the form posted without JavaScript", () => {
  it("is stored unverified and answered with a page", async () => {
    const sent = marker();
    const response = await postForm(server, { email: "fara.js@exemplu.ro", message: sent });
    expect(response.status).toBe(201);
    expect(response.body.toString()).toContain("Cererea a fost trimisă");
    expect(await storedWith(server, sent)).toEqual([expect.objectContaining({ verified: 0 })]);
  });

  it("answers a wrong captcha answer with the page and its message, not a server error", async () => {
    const sent = marker();
    const response = await postForm(server, { email: "fara.js@exemplu.ro", message: sent, recaptcha: "garbage" });
    expect(response.status).toBe(400);
    expect(response.body.toString()).toContain(errorMessage("INVALID_CAPTCHA_TOKEN"));
    expect(await storedWith(server, sent)).toHaveLength(0);
  });

  it.each([
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ email: "a@b.ro", check: "on" })],
    ["plain text", { "Content-Type": "text/plain" }, "email=a@b.ro&check=on"],
    ["no type", {}, "email=a@b.ro&check=on"],
  ])("refuses a body that is not a form (%s) with the page and ERROR_BAD_REQUEST", async (_name, headers, body) => {
    const before = await server.services.db.selectFrom("contact_requests").select("id").execute();
    const response = await rawRequest(server.url, "/contact", { method: "POST", headers, body });
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body.toString()).toContain(errorMessage("ERROR_BAD_REQUEST"));
    expect(await server.services.db.selectFrom("contact_requests").select("id").execute()).toHaveLength(before.length);
  });

  it("shows scripts typed in the fields back as text", async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const response = await postForm(server, {
      lastName: script,
      city: script,
      message: script,
      email: "not an address",
    });
    expect(response.status).toBe(400);
    const html = response.body.toString();
    expect(html).not.toContain(script);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("stores one of two identical posts sent at once", async () => {
    const sent = marker();
    const replies = await Promise.all([0, 1].map(() => postForm(server, { email: "twin@exemplu.ro", message: sent })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(await storedWith(server, sent)).toHaveLength(1);
  });
});

describe("limits of the post without JavaScript (docs/decisions/014-contact-requests-one-answer-per-captcha-one.md)", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer(
      {
        ...FAST_ALTCHA,
        TRUST_PROXY: "1",
        CONTACT_RATE_LIMIT: "100",
        CONTACT_NOSCRIPT_RATE_LIMIT: "2",
        CONTACT_NOSCRIPT_SITE_LIMIT: "3",
      },
      site,
    );
  });
  afterAll(async () => {
    await limited?.close();
  });
  const from = (address: string, fields: Record<string, string> = {}) =>
    postForm(
      limited,
      { email: `${address.replaceAll(".", "-")}@exemplu.ro`, message: marker(), ...fields },
      { "X-Forwarded-For": address },
    );

  it("takes a few per address and a few from all addresses together; invalid posts and the scripted form are not counted", async () => {
    // Forms the server sends back for correction do not use the allowance.
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.1", { check: "" })).status).toBe(400);
    expect((await from("203.0.113.1")).status).toBe(201);
    expect((await from("203.0.113.1")).status).toBe(201);
    const third = await from("203.0.113.1");
    expect(third.status).toBe(429);
    // The page says the form cannot take it now and offers the company's channels instead.
    expect(third.body.toString()).toContain(CONTACT_TEXTS.ro.form.spentTitle);
    expect((await from("203.0.113.2")).status).toBe(201);
    // Three stored without the captcha in this window, whoever sent them: the next address is refused too.
    expect((await from("203.0.113.3")).status).toBe(429);
    const { marker: _marker, ...scripted } = validContact();
    const withCaptcha = await limited.fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.3" },
      body: JSON.stringify({ ...scripted, recaptcha: await solvedCaptcha(limited) }),
    });
    expect(withCaptcha.status).toBe(201);
    // The page's post with the captcha's answer (a browser whose script answered it) is not limited either.
    expect((await from("203.0.113.3", { recaptcha: await solvedCaptcha(limited) })).status).toBe(201);
    expect((await sendContact(limited, validContact())).status).toBe(201);
    const unverified = await limited.services.db
      .selectFrom("contact_requests")
      .select("id")
      .where("verified", "=", 0)
      .execute();
    expect(unverified).toHaveLength(3);
  });
});
