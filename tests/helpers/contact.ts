import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { z } from "zod";
import type { contactFormSchema } from "../../common/leads/contact-schema.ts";

type ContactFields = z.input<typeof contactFormSchema>;
import { callJson } from "./auth.ts";
import type { Site } from "./test-server.ts";

/** Cheap proof of work for tests: a few hundred hashes at most. */
export const FAST_ALTCHA = { ALTCHA_COST: "1", ALTCHA_MAX_COUNTER: "200" };

/** The ALTCHA answer a browser would send: base64(JSON { challenge, solution }). */
export function altchaToken(challenge: Challenge, solution: unknown): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Fetches a challenge from the server and solves it, as the contact form's worker does. */
export async function solvedCaptcha(server: Site): Promise<string> {
  const response = await server.fetch("/api/contact/challenge");
  if (response.status !== 200) throw new Error(`challenge: ${response.status} ${await response.text()}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return altchaToken(challenge, solution);
}

/** A request that passes every rule, with a unique marker in its message (to count deliveries). */
export function validContact(
  overrides: Partial<ContactFields> = {},
  marker = `marker-${randomUUID()}`,
): ContactFields & { marker: string; email: string } {
  return {
    lastName: "Popescu",
    firstName: "Ion",
    email: "ion.popescu@example.ro",
    phone: "0722 123 456",
    city: "Cluj-Napoca",
    categories: "Excavatoare, Buldoexcavatoare",
    message: `Buna ziua, as dori o oferta pentru o saptamana. ${marker}`,
    check: true,
    lang: "ro",
    marker,
    ...overrides,
  };
}

/** POST /api/contact with a freshly solved captcha unless the body carries its own `recaptcha`. */
export async function sendContact(server: Site, body: Record<string, unknown>): Promise<Response> {
  const { marker: _marker, ...payload } = body;
  return callJson(server, "POST", "/api/contact", { recaptcha: await solvedCaptcha(server), ...payload });
}

export interface FakeSiteVerify {
  url: string;
  /** The forms received, decoded. */
  calls: URLSearchParams[];
  /** While true, every call is answered 500 (the provider is down). */
  down: boolean;
  close(): Promise<void>;
}

/**
 * A stand-in for reCAPTCHA's and Turnstile's siteverify on 127.0.0.1: the token says what to answer.
 * 'good' → success for the 'contact' action with score 0.9; 'low-score' → score 0.1; 'other-action';
 * anything else → success false.
 */
export async function startFakeSiteVerify(secret: string): Promise<FakeSiteVerify> {
  const state: Omit<FakeSiteVerify, "close"> = { url: "", calls: [], down: false };
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    state.calls.push(form);
    if (state.down) {
      response.writeHead(500).end();
      return;
    }
    const token = form.get("response") ?? "";
    const known = form.get("secret") === secret;
    const reply = !known
      ? { success: false, "error-codes": ["invalid-input-secret"] }
      : token.startsWith("good")
        ? { success: true, score: 0.9, action: "contact" }
        : token.startsWith("low-score")
          ? { success: true, score: 0.1, action: "contact" }
          : token.startsWith("other-action")
            ? { success: true, score: 0.9, action: "login" }
            : { success: false, "error-codes": ["invalid-input-response"] };
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  // The same object the handler reads: a test's `down = true` reaches it.
  return Object.assign(state, { close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
