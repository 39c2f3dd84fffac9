import ICAL from "ical.js";
import { expect, it } from "vitest";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import {
  acceptanceMail,
  officeAnswerMail,
  rentalCalendar,
  type AnsweredOffer,
} from "../../server/offers/offer-answer-mails.ts";
import { freeLineView, machineLineView, offerView } from "../fixtures/offer-views.ts";

/** The e-mails of an answer (decision 097): the .ics parses, texts stay text, the conflict is told. */

const MARKUP =
  'Kubota <b>KX019</b>; "mini", \\ excavator, with a name long enough to be folded across several lines of the file';

const offer = (fields: Partial<OfferView> = {}): OfferView =>
  offerView({
    uuid: "11111111-2222-4333-8444-555555555555",
    offer_version: 2,
    customer_name: "Ion <script>Popescu</script>",
    customer_email: "ion@client.test",
    valid_until: "2026-12-20",
    created_at: "2026-11-29T08:00:00.000Z",
    updated_at: "2026-11-29T08:00:00.000Z",
    sent_at: "2026-11-29T08:00:00.000Z",
    lines: [
      machineLineView({
        description: MARKUP,
        first_day: "2026-12-30",
        last_day: "2027-01-02",
        days: 4,
        units: 2,
        amount: 100_000,
      }),
      freeLineView({ amount: 0, total: 0 }),
    ],
    ...fields,
  });

function answered(fields: Partial<AnsweredOffer> = {}): AnsweredOffer {
  return {
    offer: offer(),
    company: { legalName: "SC Utilaje SRL", cui: "", regCom: "", address: "", iban: "" },
    terms: { ro: "", en: "" },
    name: "Maria <i>Ionescu</i>",
    reason: "",
    conflict: false,
    answeredAt: new Date("2026-11-29T10:00:00.000Z"),
    address: "203.0.113.9",
    companyPhone: "0722000111",
    siteUrl: "https://utilaje.test",
    ...fields,
  };
}

it("writes one all-day event per machine line, escaped, folded, with CRLF, that a calendar parses", () => {
  const text = rentalCalendar(answered());
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(String(event.getFirstPropertyValue("summary"))).toBe(`${MARKUP} x2 (OF-2026-0042)`);
  expect(String(event.getFirstPropertyValue("dtstart"))).toBe("2026-12-30");
  expect(String(event.getFirstPropertyValue("dtend"))).toBe("2027-01-03");
  expect(String(event.getFirstPropertyValue("status"))).toBe("CONFIRMED");
  expect(String(event.getFirstPropertyValue("uid"))).toBe("11111111-2222-4333-8444-555555555555-0@utilaje");
  const conflicted = rentalCalendar(answered({ conflict: true }));
  expect(
    String(new ICAL.Component(ICAL.parse(conflicted)).getFirstSubcomponent("vevent")?.getFirstPropertyValue("status")),
  ).toBe("TENTATIVE");
});

it("confirms in the customer's language with the .ics attached, and sends nothing without an address", () => {
  const english = acceptanceMail(answered({ offer: offer({ lang: "en" }) }));
  expect(english?.subject).toBe("Confirmation: you accepted offer OF-2026-0042");
  expect(english?.attachments?.[0]).toMatchObject({ filename: "rental-OF-2026-0042.ics" });
  const romanian = acceptanceMail(answered({ conflict: true }));
  expect(romanian?.text).toContain("Maria <i>Ionescu</i>");
  expect(romanian?.text).toContain("vă sunăm astăzi");
  expect(romanian?.text).toContain("0722000111");
  expect(acceptanceMail(answered({ offer: offer({ customer_email: "" }) }))).toBeNull();
});

it("tells the office of a conflict in the subject and of a refusal's reason as written", () => {
  const conflict = officeAnswerMail(answered({ conflict: true }), "accepted", ["a@x.test", "b@x.test"]);
  expect(conflict.to).toBe("a@x.test, b@x.test");
  expect(conflict.subject).toContain("CONFLICT");
  expect(conflict.replyTo).toBe("ion@client.test");
  expect(conflict.text).toContain("https://utilaje.test/admin/main/oferte/11111111-2222-4333-8444-555555555555");
  const refusal = officeAnswerMail(answered({ reason: "Prea <b>scump</b>\nRevenim" }), "refused", ["a@x.test"]);
  expect(refusal.subject).toBe("Oferta OF-2026-0042 v2 a fost refuzata de client");
  expect(refusal.text).toContain("Prea <b>scump</b>\nRevenim");
});
