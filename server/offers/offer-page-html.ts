import { createHash } from "node:crypto";
import { errorMessage, type ErrorCode } from "../../common/errors/error-codes.ts";
import type { Locale } from "../../common/language/language.ts";
import { escapeHtml } from "../../common/text/html-escape.ts";
import { offerDocument, type OfferDocument } from "./offer-document.ts";
import type { LinkRead } from "./offer-link-reads.ts";

/**
 * The customer's page of an offer (decision 097), written on the server as plain HTML: no script at
 * all, so it reads and answers the same with JavaScript off; forms that post to the page itself; one
 * small stylesheet inline, allowed by its hash. Every text that came from a person (the offer's
 * lines, notes, names, a reason) is escaped here, once, as it is written out.
 */

const e = escapeHtml;

const LOCALES: Record<Locale, string> = { ro: "ro-RO", en: "en-GB" };

const TEXTS = {
  ro: {
    otherLanguage: { code: "en", label: "English" },
    lines: "Liniile ofertei",
    totals: "Totaluri",
    supplier: "Furnizor",
    pdf: "Descărcați oferta (PDF)",
    acceptHeading: "Acceptați oferta",
    acceptIntro: "Acceptarea rezervă utilajele în zilele din ofertă. Primiți confirmarea pe e-mail.",
    name: "Numele persoanei care acceptă",
    terms: "Accept condițiile de închiriere",
    accept: "Accept oferta",
    refuseHeading: "Refuzați oferta",
    reason: "Motivul (opțional)",
    refuse: "Refuz oferta",
    errorsHeading: "Verificați formularul",
    accepted: (at: string, name: string) => `Ați acceptat această ofertă pe ${at}, ca ${name}.`,
    confirmed: "Utilajele sunt rezervate pentru dumneavoastră; confirmarea v-a fost trimisă pe e-mail.",
    conflict:
      "Între timp, unul dintre utilaje a fost rezervat altcuiva pentru o parte din zile. Vă sunăm astăzi pentru a găsi o soluție.",
    refused: (at: string) => `Ați refuzat această ofertă pe ${at}.`,
    yourReason: "Motivul scris",
    changedMind: "V-ați răzgândit? Sunați-ne.",
    call: "Telefon",
    goneTitle: "Oferta nu mai este valabilă",
    notFoundTitle: "Oferta nu a fost găsită",
    skip: "Sari la conținut",
  },
  en: {
    otherLanguage: { code: "ro", label: "Română" },
    lines: "The offer's lines",
    totals: "Totals",
    supplier: "Supplier",
    pdf: "Download the offer (PDF)",
    acceptHeading: "Accept the offer",
    acceptIntro: "Accepting books the machines on the offer's days. You get the confirmation by e-mail.",
    name: "Name of the person accepting",
    terms: "I accept the terms of rental",
    accept: "Accept the offer",
    refuseHeading: "Refuse the offer",
    reason: "Reason (optional)",
    refuse: "Refuse the offer",
    errorsHeading: "Check the form",
    accepted: (at: string, name: string) => `You accepted this offer on ${at}, as ${name}.`,
    confirmed: "The machines are booked for you; the confirmation was sent to you by e-mail.",
    conflict:
      "Meanwhile one of the machines was booked for someone else on some of the days. We will call you today to find a solution.",
    refused: (at: string) => `You refused this offer on ${at}.`,
    yourReason: "Your reason",
    changedMind: "Changed your mind? Call us.",
    call: "Phone",
    goneTitle: "The offer no longer holds",
    notFoundTitle: "Offer not found",
    skip: "Skip to content",
  },
} as const;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f5f5f4}
a{color:#1d4ed8}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px}
header,main,footer{max-width:52rem;margin:0 auto;padding:0 16px}
header{display:flex;justify-content:space-between;align-items:center;gap:12px;padding-top:12px;padding-bottom:12px}
.company{font-weight:700;margin:0}
main{background:#fff;padding:16px;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 12px}h2{font-size:1.15rem;margin:24px 0 8px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}dt{font-weight:600}dd{margin:0}
.parties{display:grid;gap:16px}@media(min-width:40rem){.parties{grid-template-columns:1fr 1fr}}
.parties p{margin:0;white-space:pre-line}
table{width:100%;border-collapse:collapse;margin-top:8px}
caption{text-align:left;font-weight:600;padding-bottom:4px}
th,td{padding:8px 6px;border-bottom:1px solid #d6d3d1;text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}
.detail{display:block;color:#44403c;font-size:.9rem;white-space:pre-line}
.totals th{font-weight:400}.totals .strong th,.totals .strong td{font-weight:700}
@media(max-width:40rem){
 table.lines thead{position:absolute;left:-999px}
 table.lines tr{display:block;border-bottom:1px solid #d6d3d1;padding:6px 0}
 table.lines td{display:flex;justify-content:space-between;gap:12px;border:0;padding:2px 0;text-align:right}
 table.lines td:first-child{display:block;text-align:left}
 table.lines td.amount::before{content:attr(data-label);font-weight:600;text-align:left}
}
.text{white-space:pre-line}
.notice{border-left:4px solid #1d4ed8;background:#eff6ff;padding:12px;margin:0 0 16px}
.notice.warn{border-color:#b45309;background:#fffbeb}
.errors{border-left:4px solid #b91c1c;background:#fef2f2;padding:12px;margin:0 0 12px}
.errors h3{margin:0 0 4px;font-size:1rem}
form{display:grid;gap:12px;max-width:32rem}
label{font-weight:600}
input[type=text],textarea{width:100%;font:inherit;padding:10px;border:1px solid #57534e;border-radius:6px}
.check{display:flex;gap:8px;align-items:flex-start;font-weight:600}.check input{width:24px;height:24px;margin:0}
.field-error{color:#b91c1c;margin:0}
button{font:inherit;font-weight:600;padding:12px 20px;border-radius:6px;border:2px solid #1d4ed8;cursor:pointer;min-height:48px}
button.primary{background:#1d4ed8;color:#fff}button.secondary{background:#fff;color:#1d4ed8}
footer{padding-top:16px;padding-bottom:24px;color:#44403c}
`;

/** The inline stylesheet's CSP source: its hash, computed once. */
export const OFFER_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

export interface OfferPageInput {
  /** The language the page is written in (the offer's, unless the visitor chose the other). */
  language: Locale;
  /** The page's own address (without the query), for its forms, its PDF and its language switch. */
  path: string;
  /** null: the token opens no offer. */
  read: LinkRead | null;
  phone: string;
  siteName: string;
  /** A refused answer's field errors, and what was typed (kept, never lost). */
  errors?: readonly { msg: ErrorCode; path: string }[];
  notice?: ErrorCode;
  typed?: { name?: string; reason?: string; terms?: boolean };
}

function moment(at: string, language: Locale): string {
  return new Date(at).toLocaleString(LOCALES[language], {
    timeZone: "Europe/Bucharest",
    dateStyle: "long",
    timeStyle: "short",
  });
}

function phoneLink(phone: string, language: Locale): string {
  if (phone === "") return "";
  const dial = phone.replace(/[^\d+]/g, "");
  return `<p>${TEXTS[language].call}: <a href="tel:${e(dial)}">${e(phone)}</a></p>`;
}

function page(input: OfferPageInput, title: string, body: string): string {
  const texts = TEXTS[input.language];
  const other = texts.otherLanguage;
  return `<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(title)} · ${e(input.siteName)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">${texts.skip}</a>
<header><p class="company">${e(input.siteName)}</p><a href="${e(input.path)}?lang=${other.code}" hreflang="${other.code}" lang="${other.code}">${other.label}</a></header>
<main id="content">
${body}
</main>
<footer>${phoneLink(input.phone, input.language)}</footer>
</body>
</html>
`;
}

function documentBody(document: OfferDocument, input: OfferPageInput): string {
  const texts = TEXTS[input.language];
  const facts = document.facts.map((fact) => `<dt>${e(fact.label)}</dt><dd>${e(fact.value)}</dd>`).join("");
  const { columns } = document;
  const rows = document.lines
    .map(
      (line) =>
        `<tr><td>${e(line.description)}${line.detail ? `<span class="detail">${e(line.detail)}</span>` : ""}</td>` +
        `<td class="amount" data-label="${e(columns.amount)}">${e(line.amount)}</td>` +
        `<td class="amount" data-label="${e(columns.discount)}">${e(line.discount).replace(/\n/g, "<br>") || "–"}</td>` +
        `<td class="amount" data-label="${e(columns.total)}">${e(line.total)}</td></tr>`,
    )
    .join("\n");
  const totals = document.totals
    .map(
      (row) =>
        `<tr${row.strong ? ' class="strong"' : ""}><th scope="row">${e(row.label)}</th><td class="amount">${e(row.value)}</td></tr>`,
    )
    .join("");
  const letterhead = [document.letterhead.name, ...document.letterhead.lines].filter(Boolean);
  const headedTexts = document.texts
    .map((text) => `<h2>${e(text.heading)}</h2><p class="text">${e(text.text)}</p>`)
    .join("\n");
  return `<h1>${e(document.title)}</h1>
${statusNotice(input)}
<dl class="facts">${facts}</dl>
<div class="parties">
<section aria-labelledby="customer"><h2 id="customer">${e(document.customer.heading)}</h2><p>${e(document.customer.lines.join("\n"))}</p></section>
${letterhead.length > 0 ? `<section aria-labelledby="supplier"><h2 id="supplier">${texts.supplier}</h2><p>${e(letterhead.join("\n"))}</p></section>` : ""}
</div>
<table class="lines"><caption>${texts.lines}</caption>
<thead><tr><th scope="col">${e(columns.description)}</th><th scope="col" class="amount">${e(columns.amount)}</th><th scope="col" class="amount">${e(columns.discount)}</th><th scope="col" class="amount">${e(columns.total)}</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<table class="totals"><caption>${texts.totals}</caption><tbody>${totals}</tbody></table>
${headedTexts}
<p><a href="${e(input.path)}/pdf?lang=${input.language}">${texts.pdf}</a></p>
${input.read?.view.status === "open" ? answerForms(input) : ""}`;
}

/** The answer already given, or a refusal of the last one posted. */
function statusNotice(input: OfferPageInput): string {
  const texts = TEXTS[input.language];
  const answer = input.read?.view.answer;
  const notice = input.notice
    ? `<p class="notice warn" role="alert">${e(errorMessage(input.notice, input.language))}</p>`
    : "";
  if (!answer || !input.read) return notice;
  const at = moment(answer.answered_at, input.language);
  if (input.read.view.status === "refused")
    return `<div class="notice" role="status"><p>${e(texts.refused(at))}</p>${
      answer.reason ? `<p><strong>${texts.yourReason}:</strong> <span class="text">${e(answer.reason)}</span></p>` : ""
    }<p>${texts.changedMind}</p>${phoneLink(input.phone, input.language)}</div>`;
  return `<div class="notice${answer.booking_conflict ? " warn" : ""}" role="status"><p>${e(texts.accepted(at, answer.name))}</p><p>${
    answer.booking_conflict ? texts.conflict : texts.confirmed
  }</p>${answer.booking_conflict ? phoneLink(input.phone, input.language) : ""}</div>`;
}

function fieldError(input: OfferPageInput, path: string, id: string): { attributes: string; text: string } {
  const error = input.errors?.find((issue) => issue.path === path);
  if (!error) return { attributes: "", text: "" };
  return {
    attributes: ` aria-invalid="true" aria-describedby="${id}"`,
    text: `<p class="field-error" id="${id}">${e(errorMessage(error.msg, input.language))}</p>`,
  };
}

function answerForms(input: OfferPageInput): string {
  const texts = TEXTS[input.language];
  const hash = input.read?.view.content_hash ?? "";
  const action = `${e(input.path)}?lang=${input.language}`;
  const hidden = (answer: string) =>
    `<input type="hidden" name="answer" value="${answer}"><input type="hidden" name="content_hash" value="${e(hash)}">`;
  const name = fieldError(input, "name", "name-error");
  const terms = fieldError(input, "terms_accepted", "terms-error");
  const reason = fieldError(input, "reason", "reason-error");
  const errors = input.errors?.length
    ? `<div class="errors" role="alert"><h3>${texts.errorsHeading}</h3><ul>${input.errors
        .map((issue) => `<li>${e(errorMessage(issue.msg, input.language))}</li>`)
        .join("")}</ul></div>`
    : "";
  return `<section aria-labelledby="accept-heading"><h2 id="accept-heading">${texts.acceptHeading}</h2>
${errors}<p>${texts.acceptIntro}</p>
<form method="post" action="${action}">${hidden("accept")}
<label for="name">${texts.name}</label>
<input type="text" id="name" name="name" required maxlength="200" autocomplete="name" value="${e(input.typed?.name ?? "")}"${name.attributes}>
${name.text}<label class="check"><input type="checkbox" name="terms_accepted" value="on" required${input.typed?.terms ? " checked" : ""}${terms.attributes}> ${texts.terms}</label>
${terms.text}<button type="submit" class="primary">${texts.accept}</button>
</form></section>
<section aria-labelledby="refuse-heading"><h2 id="refuse-heading">${texts.refuseHeading}</h2>
<form method="post" action="${action}">${hidden("refuse")}
<label for="reason">${texts.reason}</label>
<textarea id="reason" name="reason" rows="3" maxlength="1000"${reason.attributes}>${e(input.typed?.reason ?? "")}</textarea>
${reason.text}<button type="submit" class="secondary">${texts.refuse}</button>
</form></section>`;
}

/** The page of an offer the token opens: the document in `language`, and its answer or its forms. */
export function offerPageHtml(input: OfferPageInput): string {
  const read = input.read;
  const texts = TEXTS[input.language];
  if (!read) {
    return page(
      input,
      texts.notFoundTitle,
      `<h1>${texts.notFoundTitle}</h1><p>${e(errorMessage("ERROR_OFFER_LINK_NOT_FOUND", input.language))}</p>${phoneLink(input.phone, input.language)}`,
    );
  }
  if (read.closed) {
    return page(
      input,
      texts.goneTitle,
      `<h1>${texts.goneTitle}</h1><p>${e(read.offer.number)} v${read.offer.offer_version}</p><p class="notice warn">${e(
        errorMessage(read.closed, input.language),
      )}</p>${phoneLink(input.phone, input.language)}`,
    );
  }
  const terms = read.view.offer.terms;
  const document = offerDocument(
    { ...read.offer, lang: input.language },
    read.company,
    terms,
    // The page is the link: it is not printed again on it.
    { url: input.path, personal: false },
    new Date(),
  );
  return page(input, document.title, documentBody(document, input));
}
