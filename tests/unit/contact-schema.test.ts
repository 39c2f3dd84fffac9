import { describe, expect, it } from "vitest";
import { contactFormSchema, isContactEmail, isContactPhone } from "../../common/leads/contact-schema.ts";
import { escapeHtml } from "../../common/text/html-escape.ts";

const codes = (input: unknown) => {
  const result = contactFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
};

describe("the contact form's rules (spec §5)", () => {
  it.each([
    ["ion@example.ro", true],
    ["ion.pop-2@sub.example.info", true],
    ["ion@example.r", false],
    ["ion@example.romania", false],
    ["ion@example", false],
    ["ion example@x.ro", false],
  ])("e-mail %s valid: %s", (email, valid) => expect(isContactEmail(email)).toBe(valid));

  it.each([
    ["0722 123 456", true],
    ["+40 722 123 456", true],
    ["(0264) 123.456", true],
    ["+(40)722-123-456", true],
    ["+40 (21) 123 456", false],
    ["12-34", false],
    ["telefon", false],
    ["+40 722 12a 456", false],
  ])("phone %s valid: %s", (phone, valid) => expect(isContactPhone(phone)).toBe(valid));

  it("needs an e-mail or a phone, and a given one must be valid", () => {
    expect(codes({ check: true })).toEqual(["email:REQUIRED_CONTACT_EMAIL", "phone:REQUIRED_CONTACT_PHONE"]);
    expect(codes({ check: true, phone: "0722123456" })).toEqual([]);
    expect(codes({ check: true, email: "ion@example.ro" })).toEqual([]);
    expect(codes({ check: true, email: "ion@", phone: "0722123456" })).toEqual(["email:INVALID_CONTACT_EMAIL"]);
    expect(codes({ check: true, email: "ion@", phone: "07" })).toEqual([
      "email:INVALID_CONTACT_EMAIL",
      "phone:INVALID_CONTACT_PHONE",
    ]);
  });

  it("needs the privacy box and reports every failing field at once", () => {
    expect(codes({ lastName: "x".repeat(101), email: "ion@example.ro" })).toEqual([
      "lastName:INVALID_CONTACT_LAST_NAME",
      "check:REQUIRED_CONTACT_CHECK",
    ]);
  });

  it("lower-cases the e-mail and trims every text", () => {
    const parsed = contactFormSchema.parse({
      check: true,
      email: " Ion@Example.RO ",
      lastName: "  Pop  ",
      message: "  a\r\nb  ",
    });
    expect(parsed).toMatchObject({
      email: "ion@example.ro",
      lastName: "Pop",
      message: "a\nb",
      lang: "ro",
      firstName: "",
    });
  });

  it("escapes what an e-mail's HTML part shows", () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      "&#60;img src=x onerror=&#34;alert(&#39;x&#39;)&#34;&#62;&#38;",
    );
  });
});
