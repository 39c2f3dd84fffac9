import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ContactFormRequest } from "../../common/leads/contact-schema.ts";
import type { ConfigurationKey } from "../../common/schemas/configuration-keys.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { insertLead } from "../db/repositories/leads.ts";
import type { Database } from "../db/schema.ts";
import { insertLeadItems } from "../db/repositories/lead-items.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { claimFingerprint, spendCaptcha } from "../db/repositories/one-time-keys.ts";
import { SITE_WIDE, takeOrRefuse } from "../http/rate-limiter.ts";
import { HttpError } from "../core/errors.ts";
import type { LeadServices } from "./services.ts";
import { leadMail } from "./lead-mail.ts";
import { quotedMachines } from "./quote-items.ts";

/** The same content from the same sender within this time is one request. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

/**
 * A spent captcha answer is remembered this long after its challenge expires: another instance whose
 * clock is behind still takes the challenge for that long, and must find the answer spent. Forgetting
 * it exactly at expiry (by the clock of whichever instance sweeps) would reopen it to replays there.
 */
export const SPENT_ANSWER_GRACE_MS = 5 * 60_000;

export interface LeadSender {
  /** The client address, for the captcha provider and the logs. */
  address: string;
  requestId: string;
}

/**
 * What is sent: the form, and the captcha's answer. Only the page's action may send none: a browser
 * without JavaScript (or one whose scripts have not loaded yet) posts the bare form, which is then
 * kept with `verified: false` (docs/decisions/014-contact-requests-one-answer-per-captcha-one.md).
 */
export type LeadSubmission =
  (ContactFormRequest & { recaptcha: string }) | (ContactFormRequest & { recaptcha?: undefined; withoutScript: true });

/**
 * One contact request, from POST /api/contact or from the /contact page's action, once validated with
 * the shared schema (common/leads/contact-schema.ts): counted against the sender's allowance
 * (CONTACT_RATE_LIMIT, and the no-script limits for a request without the captcha's answer), a filled
 * honeypot quietly dropped, the captcha answer verified and spent, then the request and the e-mail
 * reporting it stored in one transaction (neither exists without the other), and the outbox woken.
 * Refusals are thrown as HttpError / ValidationError. Returns the request's id.
 */
export async function submitLead(services: LeadServices, request: LeadSubmission, sender: LeadSender): Promise<string> {
  const { db, logger, captcha, mail } = services;
  takeOrRefuse(services.rateLimits.contact, sender.address);
  if (request.website !== undefined && request.website !== "") {
    // A robot filled the field people cannot see: it is told all went well, and nothing is kept.
    logger.warn({ requestId: sender.requestId, ip: sender.address }, "contact honeypot filled: request dropped");
    return randomUUID();
  }
  const { product, machines } = await quotedMachines(db, request);
  if (request.recaptcha === undefined) takeWithoutScriptAllowance(services, sender.address);
  const proof = request.recaptcha === undefined ? undefined : await captcha.verify(request.recaptcha, sender.address);

  const now = new Date();
  const id = randomUUID();
  const productModel = product?.model ?? null;
  const outgoing = leadMail({
    id,
    request,
    productModel,
    machines,
    siteUrl: services.config.PUBLIC_URL,
    verified: proof !== undefined,
    receivedAt: now,
    ...(await officeRecipients(services.db, services.config.ADMIN_EMAIL)),
  });
  await db.transaction().execute(async (trx) => {
    const spentUntil = new Date((proof?.expiresAt.getTime() ?? 0) + SPENT_ANSWER_GRACE_MS);
    if (proof && !(await spendCaptcha(trx, proof.key, spentUntil, now)))
      throw new HttpError(409, "ERROR_RECAPTCHA_TOKEN");
    const duplicateUntil = new Date(now.getTime() + DUPLICATE_WINDOW_MS);
    if (!(await claimFingerprint(trx, fingerprint(request), duplicateUntil, now)))
      throw new HttpError(409, "ERROR_RECAPTCHA_TOKEN");
    const mailId = await enqueueMail(trx, outgoing, now);
    await insertLead(trx, {
      id,
      last_name: request.lastName,
      first_name: request.firstName,
      email: request.email,
      phone: request.phone,
      city: request.city,
      categories: request.categories,
      message: request.message,
      lang: request.lang,
      product_id: product?.id ?? null,
      product_model: productModel,
      mail_id: mailId,
      verified: proof ? 1 : 0,
      created_at: now.toISOString(),
    });
    await insertLeadItems(
      trx,
      machines.map(({ row }) => ({ ...row, request_id: id, received_at: now.toISOString() })),
    );
  });
  mail.wake();
  logger.info({ requestId: sender.requestId, contactRequestId: id }, "contact request stored");
  return id;
}

/**
 * A request without the captcha's answer costs a robot one POST where the scripted form costs a proof
 * of work, so it has limits of its own on top of CONTACT_RATE_LIMIT: a few per address, and a bound
 * for all addresses together (docs/decisions/014-contact-requests-one-answer-per-captcha-one.md). Over either, a 429.
 */
function takeWithoutScriptAllowance({ rateLimits }: LeadServices, address: string): void {
  takeOrRefuse(rateLimits.contactWithoutScript, address);
  try {
    takeOrRefuse(rateLimits.contactWithoutScriptSite, SITE_WIDE);
  } catch (error) {
    // The address did not use its share: it keeps it for when the site-wide window opens again.
    rateLimits.contactWithoutScript.refund(address);
    throw error;
  }
}

/** The content that makes two requests the same: who sent it and what they wrote. */
function fingerprint(request: ContactFormRequest): string {
  const content = [
    request.lastName,
    request.firstName,
    request.email,
    request.phone,
    request.city,
    request.categories,
    request.message,
    request.product ?? "",
  ];
  // In the product ids' order: the same machines listed in another order are the same request.
  const list = (request.items ?? [])
    .map((item) => [item.product, item.startDate, item.days, item.operator, item.units])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return createHash("sha256")
    .update(JSON.stringify([content.map((part) => part.toLowerCase()), list]))
    .digest("hex");
}

/**
 * Where the office reads what visitors send (a request, an answer to an offer): contact_mail_to (the
 * administrator's address while it is not configured), contact_mail_to_second when set, and the
 * requests' subject.
 */
export async function officeRecipients(
  db: Kysely<Database>,
  adminEmail: string,
): Promise<{ recipients: string[]; subject: string }> {
  const entries = new Map((await listConfiguration(db)).map((row) => [row.key, row.value.trim()]));
  const value = (key: ConfigurationKey) => entries.get(key) ?? "";
  const [mailTo, second, subject] = [
    value("contact_mail_to"),
    value("contact_mail_to_second"),
    value("contact_mail_subject"),
  ];
  return { recipients: [mailTo || adminEmail, ...(second ? [second] : [])], subject };
}
