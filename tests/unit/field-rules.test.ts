import { describe, expect, it } from "vitest";
import {
  LOWERCASE_EMAIL_PATTERN,
  NAME_PATTERN,
  ROMANIAN_PHONE_PATTERN,
  base64DecodedLength,
  hasVisibleText,
  isAcceptedImageMimeType,
  isStrictBase64,
  normalizeName,
  normalizePhone,
} from "../../common/fields/field-rules.ts";

describe("the Romanian alphanumeric name pattern", () => {
  it.each(["Excavatoare pe șenile", "Încărcătoare frontale", "Bobcat_S-70 2", "ĂÂÎȘȚ ăâîșț Şţ", "Müller Café Øre"])(
    "accepts %s",
    (name) => expect(NAME_PATTERN.test(name)).toBe(true),
  );

  it.each(["<b>x</b>", "a/b", "a.b", "a,b", "x'; drop", "café ☕", "a\tb", "Ωmega", "Экскаватор", "", "a+b"])(
    "refuses %j",
    (name) => expect(NAME_PATTERN.test(name)).toBe(false),
  );
});

describe("normalizeName", () => {
  it("collapses runs of spaces and trims", () => {
    expect(normalizeName("  Cilindri   compactori \n vibranți ")).toBe("Cilindri compactori vibranți");
  });

  it("composes letters typed as a base letter and a combining mark", () => {
    const decomposed = "s\u0326enile";
    expect(normalizeName(decomposed)).toBe("\u0219enile");
    expect(NAME_PATTERN.test(normalizeName(decomposed))).toBe(true);
  });
});

describe("the admin phone rule", () => {
  it.each(["0722 123 456", "0212345678", "0312 345 678", " 07 22 12 34 56 "])(
    "accepts %j once spaces are removed",
    (phone) => {
      expect(ROMANIAN_PHONE_PATTERN.test(normalizePhone(phone))).toBe(true);
    },
  );

  it.each(["0822123456", "072212345", "07221234567", "+40722123456", "0722-123-456", "7221234567", ""])(
    "refuses %j",
    (phone) => {
      expect(ROMANIAN_PHONE_PATTERN.test(normalizePhone(phone))).toBe(false);
    },
  );
});

describe("the lower-case e-mail rule", () => {
  it.each(["office@utilaje.ro", "a.b+c@mail.example.com", "x_1@d-2.io"])("accepts %s", (mail) => {
    expect(LOWERCASE_EMAIL_PATTERN.test(mail)).toBe(true);
  });

  it.each([
    "Office@utilaje.ro",
    "office@utilaje",
    "office@@utilaje.ro",
    "office utilaje@x.ro",
    "@x.ro",
    "x@.ro",
    "x@y.r",
  ])("refuses %s", (mail) => {
    expect(LOWERCASE_EMAIL_PATTERN.test(mail)).toBe(false);
  });
});

describe("strict base64", () => {
  it("accepts padded standard base64 and knows its decoded length", () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from("a"),
      Buffer.from("ab"),
      Buffer.from("abc"),
      Buffer.from([0xff, 0xfe, 0xfd, 0xfc]),
    ]) {
      const text = bytes.toString("base64");
      expect(isStrictBase64(text)).toBe(true);
      expect(base64DecodedLength(text)).toBe(bytes.length);
    }
  });

  it.each([
    ["a data URL", "data:image/png;base64,iVBORw0KGgo="],
    ["missing padding", "YWI"],
    ["whitespace", "YWJj\nZGVm"],
    ["base64url characters", "_-__"],
    ["padding in the middle", "YQ==YWJj"],
    ["too much padding", "Y==="],
    ["a letter outside ASCII", "YWJé"],
    ["a character outside the alphabet", "YW%j"],
  ])("refuses %s", (_label, text) => {
    expect(isStrictBase64(text)).toBe(false);
  });
});

describe("hasVisibleText", () => {
  it.each(["<p></p>", "<p><br></p>", "<p>&nbsp;</p>", "   ", "<p> <strong> </strong></p>"])(
    "finds no text in %j",
    (html) => {
      expect(hasVisibleText(html)).toBe(false);
    },
  );

  it("finds text inside markup", () => {
    expect(hasVisibleText("<p><strong>Motor</strong> 110 CP</p>")).toBe(true);
  });
});

describe("declared image types", () => {
  it("takes the types the admin uploads, in any case", () => {
    for (const type of ["image/jpeg", "image/jpg", "IMAGE/PNG", "image/bmp", "image/webp", "image/gif"]) {
      expect(isAcceptedImageMimeType(type)).toBe(true);
    }
  });

  it("refuses other types", () => {
    for (const type of ["image/svg+xml", "text/html", "application/pdf", "image/tiff", "", "image/png; charset=x"]) {
      expect(isAcceptedImageMimeType(type)).toBe(false);
    }
  });
});
