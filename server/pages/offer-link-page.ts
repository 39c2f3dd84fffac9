import { Hono, type Context } from "hono";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { languageOfQuery, type Locale } from "../../common/language/language.ts";
import { offerAcceptSchema, offerRefuseSchema } from "../../common/offers/offer-link-schemas.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import { validationErrorOf } from "../core/validation.ts";
import { attachmentDisposition } from "../http/attachment.ts";
import { clientAddress } from "../http/client-address.ts";
import { privateReply } from "../http/private-reply.ts";
import { takeOrRefuse } from "../http/rate-limiter.ts";
import { acceptOfferLink, refuseOfferLink, type Answerer } from "../offers/offer-answers.ts";
import { companyContact, offerOfLink, offerLinkPath, readLink, type LinkRead } from "../offers/offer-link-reads.ts";
import { OFFER_PAGE_POLICY, offerPageHtml, type OfferPageInput } from "../offers/offer-page-html.ts";
import { offerLinkUrl } from "../offers/offer-link.ts";
import { offerPdf } from "../offers/offer-pdf.ts";
import type { ApiEnv } from "../services.ts";

/**
 * The customer's page of an offer, /oferta/<token> (decision 097): public, no account, never cached
 * or indexed, no referrer, no script. Its forms post to the page itself (POST-redirect-GET: a reload
 * never answers twice); a refused form is written again with its errors and what was typed. The
 * secret token in the path is what a forged cross-site form lacks; a post another site's page makes
 * (Origin or Sec-Fetch-Site saying so) is refused besides. The answers go through the same functions
 * as /api/offer-links.
 */

type PageContext = Context<ApiEnv>;

/** The link's offer, or null when the token opens none. */
async function linkOrNothing(c: PageContext, token: string): Promise<LinkRead | null> {
  const { db } = c.var.services;
  try {
    return await readLink(db, await offerOfLink(db, token), token);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** The page in its language: the address's `?lang=` first, then the offer's. */
async function pageInput(c: PageContext, token: string, read: LinkRead | null): Promise<OfferPageInput> {
  const { services } = c.var;
  const language: Locale = languageOfQuery(new URL(c.req.url).searchParams) ?? read?.offer.lang ?? "ro";
  // The phone and the name come with the offer; a page of no offer reads them itself.
  const { phone, legalName } = read
    ? { phone: read.view.company_phone, legalName: read.company.legalName }
    : await companyContact(services.db);
  return {
    language,
    path: offerLinkPath(token),
    read,
    phone,
    siteName: legalName || new URL(services.config.PUBLIC_URL).host,
  };
}

function statusOf(read: LinkRead | null): 200 | 404 | 410 {
  return read === null ? 404 : read.closed ? 410 : 200;
}

function html(c: PageContext, input: OfferPageInput, status: 200 | 400 | 403 | 404 | 409 | 410) {
  return c.html(offerPageHtml(input), status, { "Content-Security-Policy": OFFER_PAGE_POLICY });
}

function answerer(c: PageContext): Answerer {
  const address = clientAddress(c, c.var.services.config);
  takeOrRefuse(c.var.services.rateLimits.pageRenders, address);
  return { address, userAgent: c.req.header("User-Agent") ?? "" };
}

/**
 * A post another site's page made: the browser says it crossed sites (Sec-Fetch-Site), or its Origin
 * is not ours. The page's own form is sent with `Origin: null` (its referrer policy is no-referrer),
 * which names no other site.
 */
function crossSite(c: PageContext): boolean {
  const site = c.req.header("Sec-Fetch-Site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const origin = c.req.header("Origin");
  if (origin === undefined || origin === "null") return false;
  return origin !== new URL(c.req.url).origin && origin !== new URL(c.var.services.config.PUBLIC_URL).origin;
}

/** The form's fields as the shared schemas read them: a box not ticked, a hash not sent, are absent. */
function answerOfForm(form: URLSearchParams) {
  const hash = form.get("content_hash") || undefined;
  if (form.get("answer") === "refuse")
    return {
      kind: "refuse" as const,
      input: offerRefuseSchema.safeParse({ reason: form.get("reason") ?? "", content_hash: hash }),
    };
  return {
    kind: "accept" as const,
    input: offerAcceptSchema.safeParse({
      name: form.get("name") ?? undefined,
      terms_accepted: form.get("terms_accepted") === "on" ? true : undefined,
      content_hash: hash,
    }),
  };
}

/** The refusals a form answer shows on the page again, with what was typed; the rest lead back to it. */
const SHOWN_AGAIN: readonly ErrorCode[] = ["OFFER_CONTENT_CHANGED"];

export function offerLinkPageRoutes(): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  routes.use("/oferta/:token", privateReply);
  routes.use("/oferta/:token/pdf", privateReply);

  routes.get("/oferta/:token", async (c) => {
    answerer(c);
    const token = c.req.param("token");
    const read = await linkOrNothing(c, token);
    return html(c, await pageInput(c, token, read), statusOf(read));
  });

  routes.post("/oferta/:token", async (c) => {
    const who = answerer(c);
    const token = c.req.param("token");
    const type = c.req.header("Content-Type")?.split(";")[0].trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") throw new HttpError(415, "ERROR_UNSUPPORTED_MEDIA_TYPE");
    const form = new URLSearchParams(await c.req.text());
    const typed = {
      name: form.get("name") ?? "",
      reason: form.get("reason") ?? "",
      terms: form.get("terms_accepted") === "on",
    };
    const read = await linkOrNothing(c, token);
    const input = await pageInput(c, token, read);
    if (crossSite(c)) return html(c, { ...input, notice: "OFFER_ANSWER_CROSS_SITE" }, 403);
    if (!read) return html(c, input, 404);
    const answer = answerOfForm(form);
    if (!answer.input.success)
      return html(c, { ...input, typed, errors: validationErrorOf(answer.input.error.issues).errors }, 400);
    try {
      if (answer.kind === "accept") await acceptOfferLink(c.var.services, token, answer.input.data, who);
      else await refuseOfferLink(c.var.services, token, answer.input.data, who);
    } catch (error) {
      if (error instanceof ValidationError) return html(c, { ...input, typed, errors: error.errors }, 400);
      if (!(error instanceof HttpError) || error.status === 429 || error.status >= 500) throw error;
      if (SHOWN_AGAIN.includes(error.code)) {
        // The page as it is now, with the new content to read and what was typed.
        const fresh = await linkOrNothing(c, token);
        return html(c, { ...input, read: fresh, typed, notice: error.code }, 409);
      }
    }
    return c.redirect(`${input.path}?lang=${input.language}`, 303);
  });

  routes.get("/oferta/:token/pdf", async (c) => {
    answerer(c);
    const { services } = c.var;
    const row = await offerOfLink(services.db, c.req.param("token"));
    const read = await readLink(services.db, row, c.req.param("token"));
    if (read.closed) throw new HttpError(410, read.closed);
    const personal = { url: offerLinkUrl(services.config.PUBLIC_URL, c.req.param("token")), personal: true };
    const { pdf, fileName } = await offerPdf(services, row.id, personal);
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(fileName),
    });
  });

  return routes;
}
