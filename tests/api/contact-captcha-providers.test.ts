import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callJson } from "../helpers/auth.ts";
import { startFakeSiteVerify, validContact, type FakeSiteVerify } from "../helpers/contact.ts";
import { errorBody } from "../helpers/error-body.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** reCAPTCHA v3 and Turnstile, verified server-side against a local fake of their siteverify endpoint. */
describe.each([
  {
    provider: "recaptcha",
    keys: { RECAPTCHA_SITE_KEY: "site-key-r", RECAPTCHA_SECRET_KEY: "secret-r" } as Record<string, string>,
    secret: "secret-r",
  },
  {
    provider: "turnstile",
    keys: { TURNSTILE_SITE_KEY: "site-key-t", TURNSTILE_SECRET_KEY: "secret-t" } as Record<string, string>,
    secret: "secret-t",
  },
])("CAPTCHA_PROVIDER=$provider", ({ provider, keys, secret }) => {
  let verify: FakeSiteVerify;
  let server: TestServer;
  beforeAll(async () => {
    verify = await startFakeSiteVerify(secret);
    server = await startTestServer({
      CAPTCHA_PROVIDER: provider,
      ...keys,
      CAPTCHA_VERIFY_URL: verify.url,
      CONTACT_RATE_LIMIT: "1000",
    });
  });
  afterAll(async () => {
    await server?.close();
    await verify?.close();
  });

  const send = (recaptcha: string) => {
    const { marker: _marker, ...body } = validContact();
    return callJson(server, "POST", "/api/contact", { ...body, recaptcha });
  };

  it("accepts a token the provider vouches for, sending it with the secret and the client address", async () => {
    const response = await send("good-1");
    expect(response.status).toBe(201);
    const call = verify.calls.at(-1);
    expect(call?.get("secret")).toBe(secret);
    expect(call?.get("response")).toBe("good-1");
    expect(call?.get("remoteip")).toBe("127.0.0.1");
  });

  it("accepts a token once: a replay is 409 ERROR_RECAPTCHA_TOKEN", async () => {
    expect((await send("good-2")).status).toBe(201);
    const replay = await send("good-2");
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual(errorBody("ERROR_RECAPTCHA_TOKEN"));
  });

  it.each(["refused", "other-action", ...(provider === "recaptcha" ? ["low-score"] : [])])(
    "refuses a %s token with 400 INVALID_CAPTCHA_TOKEN",
    async (token) => {
      const before = await server.services.db.selectFrom("contact_requests").select("id").execute();
      const response = await send(token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(errorBody("INVALID_CAPTCHA_TOKEN"));
      expect(await server.services.db.selectFrom("contact_requests").select("id").execute()).toHaveLength(
        before.length,
      );
    },
  );

  it("answers 503 ERROR_CAPTCHA_UNAVAILABLE while the provider is down, and stores nothing", async () => {
    verify.down = true;
    try {
      const response = await send("good-3");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(errorBody("ERROR_CAPTCHA_UNAVAILABLE"));
    } finally {
      verify.down = false;
    }
    expect((await send("good-3")).status).toBe(201);
  });

  it("has no ALTCHA challenge to hand out", async () => {
    const response = await server.fetch("/api/contact/challenge");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(errorBody("ERROR_NOT_FOUND"));
  });
});
