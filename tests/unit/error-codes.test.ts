import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_TABLES, errorMessage, isErrorCode } from "../../common/errors/error-codes.ts";
import {
  isVisitorErrorCode,
  visitorErrorCode,
  visitorErrorMessage,
  visitorMessages,
} from "../../common/errors/visitor-error-codes.ts";

/** Every code of the spec §8 catalogue, word for word. */
const SPEC_CODES = [
  "ERROR_CREATE_CATEGORY",
  "ERROR_GET_CATEGORIES",
  "ERROR_GET_CATEGORY",
  "ERROR_UPDATE_CATEGORY",
  "ERROR_DELETE_CATEGORY",
  "ERROR_CATEGORY_EXIST",
  "ERROR_CREATE_PRODUCT",
  "ERROR_DELETE_PRODUCT",
  "ERROR_UPDATE_PRODUCT",
  "ERROR_GET_PRODUCTS",
  "ERROR_GET_PRODUCT",
  "ERROR_GET_PRODUCT_BY_CATEGORY",
  "ERROR_GET_PRODUCT_NAME_BY_CATEGORY",
  "ERROR_PRODUCT_EXIST",
  "ERROR_GET_PHOTOS",
  "ERROR_GET_BANNER_PHOTOS",
  "ERROR_DELETE_BANNER_PHOTO",
  "ERROR_CREATE_BANNER",
  "ERROR_GET_PHOTO_GALLERY",
  "ERROR_GET_PHOTO_HEADER",
  "ERROR_DELETE_PHOTO",
  "ERROR_GET_CONFIGURATIONS",
  "ERROR_GET_CONFIGURATION",
  "ERROR_UPDATE_CONFIGURATIONS",
  "USER_LOGIN_FAILED",
  "ERROR_OLD_PASSWORD_INCORRECT",
  "ERROR_NEW_PASSWORD_INCORRECT",
  "REQUIRED_CATEGORY_NAME",
  "INVALID_CATEGORY_NAME",
  "REQUIRED_PRODUCT_MODEL",
  "INVALID_PRODUCT_MODEL",
  "REQUIRED_PRODUCT_DETAILS",
  "REQUIRED_PRODUCT_HEADER_OFFER",
  "REQUIRED_PRODUCT_HEADER_PHOTO",
  "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE",
  "INVALID_PRODUCT_HEADER_PHOTO_IMAGE",
  "REQUIRED_PRODUCT_TECHNICAL_DATA",
  "REQUIRED_PRODUCT_CATEGORY",
  "INVALID_PRODUCT_CATEGORY",
  "INVALID_PRODUCT_GALLERY",
  "REQUIRED_PRODUCT_GALLERY_IMAGE",
  "INVALID_PRODUCT_GALLERY_IMAGE",
  "REQUIRED_PRODUCT_GALLERY_MIME_TYPE",
  "INVALID_PRODUCT_GALLERY_MIME_TYPE",
  "ERROR_RECAPTCHA_TOKEN",
];

describe("error catalogue", () => {
  it.each(SPEC_CODES)("knows the spec code %s, with a Romanian and an English message", (code) => {
    expect(isErrorCode(code)).toBe(true);
    if (!isErrorCode(code)) return;
    expect(errorMessage(code, "ro")).not.toBe("");
    expect(errorMessage(code, "en")).not.toBe("");
  });

  it("uses the messages the spec gives word for word", () => {
    expect(errorMessage("ERROR_CATEGORY_EXIST")).toBe("Categorie existenta!");
    expect(errorMessage("ERROR_PRODUCT_EXIST", "en")).toBe("This model has already been entered once");
    expect(errorMessage("REQUIRED_CATEGORY_NAME")).toBe("Numele este obligatoriu");
    expect(errorMessage("REQUIRED_PRODUCT_MODEL")).toBe("Modelul este obligatoriu");
    expect(errorMessage("REQUIRED_PRODUCT_DETAILS")).toBe("Detaliile sunt obligatorii");
    expect(errorMessage("REQUIRED_PRODUCT_HEADER_OFFER")).toBe("Antetul ofertei este obligatoriu");
    expect(errorMessage("REQUIRED_PRODUCT_TECHNICAL_DATA")).toBe("Datele tehnice sunt obligatorii");
    expect(errorMessage("REQUIRED_PRODUCT_HEADER_PHOTO")).toBe("Poza oferta este obligatorie");
  });

  it("answers in Romanian unless English is asked for", () => {
    expect(errorMessage("ERROR_GET_PRODUCT")).toBe(errorMessage("ERROR_GET_PRODUCT", "ro"));
    expect(errorMessage("ERROR_GET_PRODUCT", "en")).toBe("The product was not found.");
    expect(errorMessage("ERROR_GET_PRODUCT", "ro")).toBe("Produsul nu a fost gasit.");
  });

  it("recognises only its own codes", () => {
    for (const value of [
      "",
      "error_get_product",
      "ERROR_NOPE",
      "toString",
      "constructor",
      "__proto__",
      404,
      null,
      undefined,
      {},
    ]) {
      expect(isErrorCode(value), String(value)).toBe(false);
    }
  });
});

describe("one table per section, assembled in one place", () => {
  const errorsDir = path.resolve(import.meta.dirname, "../../common/errors");

  it("puts each code in one table only, so none hides another's message", () => {
    const seen = new Map<string, number>();
    ERROR_TABLES.forEach((table, index) => {
      for (const code of Object.keys(table)) {
        expect(seen.get(code), code).toBeUndefined();
        seen.set(code, index);
      }
    });
    expect(seen.size).toBeGreaterThan(200);
  });

  it("assembles every section's table of common/errors/", async () => {
    const files = readdirSync(errorsDir).filter((file) => file.endsWith("-error-codes.ts"));
    expect(files.length).toBe(ERROR_TABLES.length);
    for (const file of files) {
      const tables = Object.values((await import(path.join(errorsDir, file))) as Record<string, unknown>).filter(
        (value) => typeof value === "object" && value !== null,
      );
      expect(tables.length, file).toBe(1);
      expect(ERROR_TABLES as readonly unknown[], file).toContain(tables[0]);
    }
  });
});

describe("every code the API can send has a message", () => {
  /** Every quoted code-like literal in the server and the shared schemas (the API's only sources of codes). */
  function codesInSources(): string[] {
    const roots = ["server", "common"].map((dir) => path.resolve(import.meta.dirname, "..", "..", dir));
    const files = roots.flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts"))
        .map((file) => path.join(root, file)),
    );
    const codes = new Set<string>();
    for (const file of files) {
      for (const [, code = ""] of readFileSync(file, "utf8").matchAll(
        /["'`]((?:ERROR|REQUIRED|INVALID|USER)_[A-Z0-9_]+)["'`]/g,
      ))
        codes.add(code);
    }
    return [...codes].sort();
  }

  it("finds the codes in the sources", () => {
    expect(codesInSources()).toContain("ERROR_CATEGORY_EXIST");
    expect(codesInSources().length).toBeGreaterThan(40);
  });

  it.each(codesInSources())("%s is in the message table", (code) => {
    expect(isErrorCode(code)).toBe(true);
  });
});

describe("the visitor's part of the catalogue", () => {
  /** The files whose codes reach the contact form: its schemas, the lead's submission and its quote list. */
  const CONTACT_SOURCES = [
    "common/leads/contact-schema.ts",
    "common/leads/quote-list-schema.ts",
    "server/leads/store-request.ts",
    "server/leads/quote-items.ts",
  ];
  const contactCodes = [
    ...new Set(
      CONTACT_SOURCES.flatMap((file) =>
        [
          ...readFileSync(path.join(import.meta.dirname, "../..", file), "utf8").matchAll(
            /["'`]((?:ERROR|REQUIRED|INVALID|TOO|PAST|FAR|DUPLICATE|QUOTE)_[A-Z0-9_]+)["'`]/g,
          ),
        ].map(([, code = ""]) => code),
      ),
    ),
  ];

  it("finds the contact form's codes", () => expect(contactCodes.length).toBeGreaterThan(20));

  it.each(contactCodes)("%s has its messages in the visitor's table, the contact page's script", (code) => {
    expect(isVisitorErrorCode(code)).toBe(true);
  });

  it.each(Object.keys(visitorMessages))("%s reads the same in both tables", (code) => {
    if (!isVisitorErrorCode(code)) throw new Error(code);
    expect(visitorErrorMessage(code, "ro")).toBe(errorMessage(code, "ro"));
    expect(visitorErrorMessage(code, "en")).toBe(errorMessage(code, "en"));
  });

  it("reads an administrator's or unknown code as the general one given", () => {
    expect(visitorErrorCode("ERROR_UNAUTHORIZED", "ERROR_INTERNAL")).toBe("ERROR_INTERNAL");
    expect(visitorErrorCode(undefined, "ERROR_BAD_REQUEST")).toBe("ERROR_BAD_REQUEST");
    expect(visitorErrorCode("INVALID_CONTACT_EMAIL", "ERROR_BAD_REQUEST")).toBe("INVALID_CONTACT_EMAIL");
  });
});
