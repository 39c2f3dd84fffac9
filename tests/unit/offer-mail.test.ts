import { describe, expect, it } from "vitest";
import type { Locale } from "../../common/language/language.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { offerDocument } from "../../server/offers/offer-document.ts";
import { offerLinkUrl } from "../../server/offers/offer-link.ts";
import { offerMail } from "../../server/offers/offer-mail.ts";
import { freeLineView, offerView } from "../fixtures/offer-views.ts";

/** The customer's e-mail of a sent offer and its link's address (decision 096), pure: no server, no outbox. */

const MARKUP = `<img src=x onerror=alert(1)> & "quoted"`;
const TOKEN = "AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB";

const offer = (lang: Locale, version = 1): OfferView =>
  offerView({
    offer_version: version,
    customer_name: `Ionuț ${MARKUP}`,
    lang,
    lines: [freeLineView({ description: `Transport ${MARKUP}` })],
  });

function mailOf(view: OfferView) {
  const url = offerLinkUrl("https://utilaje.example.ro/", TOKEN);
  const company = { legalName: "SC Utilaje SRL", cui: "", regCom: "", address: "", iban: "" };
  const document = offerDocument(view, company, { ro: "", en: "" }, { url, personal: true }, new Date());
  const pdf = { filename: "OF-2026-0042-v1.pdf", contentType: "application/pdf", content: new Uint8Array([37]) };
  return {
    url,
    document,
    mail: offerMail({
      offer: view,
      document,
      url,
      pdf,
      company: { replyTo: "oferte@example.ro", phone: "0722 000 111", name: "SC Utilaje SRL" },
    }),
  };
}

describe("an offer's personal link", () => {
  it("is the site's address, one slash, /oferta/ and the token", () => {
    expect(offerLinkUrl("https://utilaje.example.ro", TOKEN)).toBe(`https://utilaje.example.ro/oferta/${TOKEN}`);
    expect(offerLinkUrl("https://utilaje.example.ro//", TOKEN)).toBe(`https://utilaje.example.ro/oferta/${TOKEN}`);
  });
});

describe("the e-mail that sends an offer", () => {
  it("is written in Romanian to a Romanian customer, with the link, the totals and the PDF", () => {
    const { url, mail } = mailOf(offer("ro"));
    expect(mail).toMatchObject({
      to: "client@example.ro",
      replyTo: "oferte@example.ro",
      subject: "Ofertă OF-2026-0042",
    });
    expect(mail.text).toContain(`Bună ziua, Ionuț ${MARKUP},`);
    expect(mail.text).toContain("valabilă până la 24 decembrie 2026");
    expect(mail.text).toContain(`\n${url}\n`);
    expect(mail.text).toContain("Total de plată: 121,00 lei");
    expect(mail.text).toContain("sunați-ne la 0722 000 111");
    expect(mail.attachments?.map((file) => file.filename)).toEqual(["OF-2026-0042-v1.pdf"]);
  });

  it("is written in English to an English customer, and names a later version", () => {
    const { mail } = mailOf(offer("en", 2));
    expect(mail.subject).toBe("Offer OF-2026-0042 (version 2)");
    expect(mail.text).toContain("This is version 2 of the offer");
    expect(mail.text).toContain("valid until 24 December 2026");
    expect(mail.text).not.toMatch(/Bună|ofertă/);
  });

  it("escapes every value in its HTML body and links the address", () => {
    const { url, mail } = mailOf(offer("ro"));
    expect(mail.html).toContain(`<a href="${url}">${url}</a>`);
    expect(mail.html).toContain("Ionuț &#60;img src=x onerror=alert(1)&#62; &#38; &#34;quoted&#34;");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain('<html lang="ro">');
  });

  it("prints the link in the document it attaches, captioned as the offer's page", () => {
    const { url, document } = mailOf(offer("ro"));
    expect(document.link).toEqual({ url, caption: "Oferta online" });
    expect(document.texts[0]).toEqual({
      heading: "Răspunsul dumneavoastră",
      text: `Vedeți oferta și acceptați-o sau refuzați-o online, la adresa:\n${url}`,
    });
  });
});
