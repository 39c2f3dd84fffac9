import type { ShownText } from "../language/english-fallback.ts";
import { LANGUAGE_PARAMETER, type Locale } from "../language/language.ts";

/**
 * A machine's spec sheet: a one-page A4 PDF of its product page, in that page's language, made on
 * the server (decision 059). What the page links and what the server is handed to lay out.
 */

/** The sheet's last path segment, under the product page's address. */
export const SPEC_SHEET_SEGMENT = "fisa-tehnica.pdf";

/** The link's text on the product and compare pages. */
export const SPEC_SHEET_LINK: Record<Locale, string> = { ro: "Fișă tehnică (PDF)", en: "Spec sheet (PDF)" };

/**
 * The address of a machine's sheet in one language: its product page's path, then the segment, the
 * language named as pages name it.
 */
export function specSheetPath(productPagePath: string, language: Locale): string {
  return `${productPagePath}/${SPEC_SHEET_SEGMENT}?${LANGUAGE_PARAMETER}=${language}`;
}

const FILE_SUFFIX: Record<Locale, string> = { ro: "fisa-tehnica", en: "spec-sheet" };

/**
 * The Content-Disposition of a sheet: `CAT-320-fisa-tehnica.pdf` / `CAT-320-spec-sheet.pdf`, the
 * model's spaces as hyphens and without the characters a file name cannot hold; an ASCII name for
 * old clients (diacritics dropped) and the UTF-8 one (RFC 6266) for the others.
 */
export function specSheetDisposition(model: string, language: Locale): string {
  const name = `${model
    .trim()
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, "")
    .replace(/\s+/g, "-")}-${FILE_SUFFIX[language]}.pdf`;
  const ascii = name.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** What the server lays out on a sheet: every text already in the page's language and written as the page writes it. */
export interface SpecSheetContent {
  language: Locale;
  /** The document's title (its metadata and the viewer's window). */
  title: string;
  /** The company as its contact details name it (the logo at the top carries its brand). */
  company: { legalName: string; address: string; phones: readonly string[]; emails: readonly string[] };
  model: string;
  category: ShownText;
  /** The header photo's original under /media (the server prints a resized copy). */
  photo: { image: string; alt: string } | null;
  offer: { heading: string; paragraphs: readonly ShownText[] };
  specifications: { heading: string; rows: readonly { name: ShownText; value: ShownText }[] };
  notes: { heading: string; paragraphs: readonly ShownText[] };
  /** The product page's address in the sheet's language (printed, linked and in the QR code). */
  pageUrl: string;
  labels: {
    contact: string;
    phone: string;
    email: string;
    address: string;
    page: string;
    madeOn: string;
    /** After a text cut to fit the one page, before the page's address. */
    continued: string;
  };
}
