import { describe, expect, it } from "vitest";
import { withAdminServer } from "../helpers/admin-server.ts";
import { errorBody } from "../helpers/error-body.ts";
import { TEST_ADMIN } from "../helpers/test-server.ts";

/**
 * Every call with a body takes JSON only (415 otherwise): a foreign page's plain HTML form can send
 * text/plain, url-encoded or multipart bodies cross-site without a CORS preflight, never JSON, so it
 * cannot make a visitor's browser fire reset mails or logins.
 */

const admin = withAdminServer();

const resetBody = JSON.stringify({ mail: TEST_ADMIN.email, lang: "ro" });
const outboxSize = async () =>
  (
    await admin.server.services.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("JSON bodies", () => {
  it.each([
    ["text/plain", resetBody],
    ["text/plain;charset=UTF-8", resetBody],
    ["application/x-www-form-urlencoded", `${resetBody}=`],
    [
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${resetBody}\r\n--x--\r\n`,
    ],
  ])("refuses %s with 415 and sends no mail", async (type, body) => {
    const before = await outboxSize();
    const response = await admin.server.fetch("/api/reset", {
      method: "POST",
      headers: { "Content-Type": type },
      body,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(errorBody("ERROR_UNSUPPORTED_MEDIA_TYPE"));
    expect(await outboxSize()).toBe(before);
  });

  it("refuses a body sent without a Content-Type with 415", async () => {
    const response = await admin.server.fetch("/api/login", {
      method: "POST",
      body: new TextEncoder().encode(JSON.stringify({ username: "a", password: "b" })),
    });
    expect(response.status).toBe(415);
  });

  it("takes application/json with a charset, and answers unreadable JSON with ERROR_BAD_REQUEST", async () => {
    const sent = await admin.server.fetch("/api/reset", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: resetBody,
    });
    expect(sent.status).toBe(204);
    const broken = await admin.server.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual(errorBody("ERROR_BAD_REQUEST"));
  });

  it("checks the bearer token before the body's type on admin calls", async () => {
    const anonymous = await admin.server.fetch("/api/category/create", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
    const signedIn = await admin.server.fetch("/api/category/create", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ name: "Macarale" }),
    });
    expect(signedIn.status).toBe(415);
  });
});
