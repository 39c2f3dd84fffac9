import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { generate } from "lean-qr";
import PDFDocument from "pdfkit";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import { printJpeg, type PrintPicture } from "../media/picture-jobs.ts";
import { breakLongWords, cappedParagraphs } from "./one-page-text.ts";

/**
 * The spec sheet laid out by pdfkit (decision 059): A4, the text in DejaVu Sans embedded as a subset
 * (the PDF standard fonts have no ș ț), tagged (headings, paragraphs, the table, the photo as a
 * figure with its text), its title and language in the metadata. Loaded by the first sheet made
 * (./make-sheet.ts): pdfkit and its font engine stay out of a server that makes none.
 */

const require = createRequire(import.meta.url);
export const FONTS = {
  regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};

/**
 * The site's logo (public/logo.svg): its gear drawn as the page draws it, its name (the brand, in
 * either language) as text.
 */
export const LOGO = (() => {
  const svg = readFileSync(path.resolve(import.meta.dirname, "../../public/logo.svg"), "utf8");
  const mark = /<path fill="(#[0-9a-f]{6})"[^>]* d="([^"]+)"/i.exec(svg);
  const name = /<title>([^<]+)<\/title>/.exec(svg)?.[1];
  if (!mark?.[1] || !mark[2] || !name)
    throw new Error("public/logo.svg has no title or no filled path for the spec sheet's logo");
  return { color: mark[1], path: mark[2], name };
})();

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const PHOTO_WIDTH = 230;
const PHOTO_HEIGHT = 190;
const GAP = 16;
const INK = "#1f2328";
const MUTED = "#5b636e";
const RULE = "#f5b800";
const QR_SIZE = 78;
const HEADING_GAP = 4;
const BODY = { paragraphGap: 4, lineGap: 1.5 };
/** The specifications table's columns: the name (a row header, bold), the value. */
const TABLE_COLUMNS = [0.55, 0.45];
const CELL_PADDING = [3, 6, 3, 6] as const;
const TABLE_GAP = 12;
const NOTES_GAP = 10;
const OFFER_GAP = 14;
const FOOTER_GAP = 8;
/**
 * When the texts must be cut: at most these shares of the room are kept for the table and the notes
 * while the offer is laid out.
 */
const TABLE_SHARE = 0.45;
const NOTES_SHARE = 0.15;

type Document = PDFKit.PDFDocument;

/** What a child of the sheets' work pool is given to draw one sheet (./make-sheet.ts). */
export interface SheetDrawing {
  content: SpecSheetContent;
  /** The header photo's WebP variant for print (turned into a JPEG here), or null. */
  photo: Uint8Array | null;
  madeAt: Date;
}

/**
 * The job of the sheets' work pool: the sheet's bytes. The photo's JPEG is made here too, so that a
 * sheet is one job of one child (a Buffer arrives in the child as a Uint8Array).
 */
export async function drawSheetJob({ content, photo, madeAt }: SheetDrawing): Promise<Uint8Array> {
  return drawSpecSheet(content, photo && (await printJpeg(photo)), madeAt);
}

/** The sheet's bytes: always one page (./sheet-fit.ts). `photo`: the header photo as a JPEG for print, or null. */
export async function drawSpecSheet(
  content: SpecSheetContent,
  photo: PrintPicture | null,
  madeAt: Date,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    pdfVersion: "1.7",
    tagged: true,
    lang: content.language,
    displayTitle: true,
    info: {
      Title: content.title,
      Author: content.company.legalName,
      Subject: `${content.model} – ${content.category.text}`,
      CreationDate: madeAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);

  const sheet = doc.struct("Document");
  doc.addStructure(sheet);
  header(doc, sheet, content, madeAt);
  title(doc, sheet, content);
  const footer = footerLayout(doc, content);
  const bottom = A4.height - MARGIN - footer.height - FOOTER_GAP;
  const cut = sections(doc, sheet, content, photo, bottom);
  if (cut) continuation(doc, sheet, content);
  contact(doc, sheet, content, footer);
  sheet.end();
  doc.end();
  return ended;
}

/** Drawn only for the eye: a screen reader skips it. */
export function artifact(doc: Document, draw: () => void): void {
  doc.markContent("Artifact", { type: "Layout" });
  draw();
  doc.endMarkedContent();
}

type Parent = PDFKit.PDFStructureElement;

/**
 * A tagged text at `x`, `width` wide from the current line (its words already fit the width:
 * ./one-page-text.ts). A text in another language than the sheet's (Romanian where the English is
 * not written) is tagged with its own.
 */
function write(
  doc: Document,
  parent: Parent,
  language: string,
  shown: ShownText,
  x: number,
  width: number,
  options: PDFKit.Mixins.TextOptions = {},
  type = "P",
): void {
  doc.x = x;
  if (shown.lang === language) {
    doc.text(shown.text, { ...options, width, structParent: parent, structType: type });
    return;
  }
  const element = doc.struct(type, { lang: shown.lang });
  parent.add(element);
  doc.text(shown.text, { ...options, width, structParent: element, structType: "Span" });
  element.end();
}

function header(doc: Document, sheet: Parent, content: SpecSheetContent, madeAt: Date): void {
  const own = (text: string): ShownText => ({ text, lang: content.language });
  artifact(doc, () => {
    doc.save().translate(MARGIN, MARGIN).scale(0.36).path(LOGO.path).fill(LOGO.color).restore();
  });
  doc.font("bold").fontSize(13).fillColor(INK);
  doc.y = MARGIN + 4;
  write(doc, sheet, content.language, { text: LOGO.name, lang: "ro" }, MARGIN + 44, CONTENT_WIDTH - 230);
  const date = new Intl.DateTimeFormat(content.language === "ro" ? "ro-RO" : "en-GB", {
    dateStyle: "long",
    timeZone: "Europe/Bucharest",
  }).format(madeAt);
  doc.font("regular").fontSize(8.5).fillColor(MUTED);
  doc.y = MARGIN + 8;
  write(doc, sheet, content.language, own(`${content.labels.madeOn} ${date}`), A4.width - MARGIN - 180, 180, {
    align: "right",
  });
  const ruleY = MARGIN + 40;
  artifact(doc, () => {
    doc
      .moveTo(MARGIN, ruleY)
      .lineTo(A4.width - MARGIN, ruleY)
      .lineWidth(2)
      .strokeColor(RULE)
      .stroke();
  });
  doc.y = ruleY + 12;
}

function title(doc: Document, sheet: Parent, content: SpecSheetContent): void {
  doc.font("bold").fontSize(20).fillColor(INK);
  const model = breakLongWords(doc, content.model, CONTENT_WIDTH);
  write(doc, sheet, content.language, { text: model, lang: content.language }, MARGIN, CONTENT_WIDTH, {}, "H1");
  doc.font("regular").fontSize(11).fillColor(MUTED);
  doc.y += 2;
  const category = { ...content.category, text: breakLongWords(doc, content.category.text, CONTENT_WIDTH) };
  write(doc, sheet, content.language, category, MARGIN, CONTENT_WIDTH);
  doc.y += 12;
}

function headingHeight(doc: Document, text: string, width: number): number {
  doc.font("bold").fontSize(12);
  return doc.heightOfString(text, { width }) + HEADING_GAP;
}

function heading(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  text: string,
  x: number,
  width: number,
): void {
  doc.font("bold").fontSize(12).fillColor(INK);
  write(doc, sheet, content.language, { text, lang: content.language }, x, width, {}, "H2");
  doc.y += HEADING_GAP;
}

/** A text's paragraphs, their words broken to `width` and each with its height at the body's size. */
interface Measured {
  paragraphs: { shown: ShownText; height: number }[];
  /** Already cut to TEXT_CHARACTERS_MAX. */
  cut: boolean;
  height: number;
}

function measured(doc: Document, paragraphs: readonly ShownText[], width: number): Measured {
  doc.font("regular").fontSize(9.5);
  const capped = cappedParagraphs(paragraphs);
  const broken = capped.paragraphs.map((shown) => {
    const text = breakLongWords(doc, shown.text, width);
    return { shown: { ...shown, text }, height: doc.heightOfString(text, { ...BODY, width }) };
  });
  return { paragraphs: broken, cut: capped.cut, height: broken.reduce((total, { height }) => total + height, 0) };
}

/**
 * The paragraphs down to `maxY` at most: the one that does not fit is cut at its last whole line
 * with "…" (pdfkit's own cut at a height), those after it left out. True when something was cut.
 */
function body(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  text: Measured,
  x: number,
  width: number,
  maxY: number,
): boolean {
  doc.font("regular").fontSize(9.5).fillColor(INK);
  for (const { shown, height } of text.paragraphs) {
    if (doc.y + height <= maxY) {
      write(doc, sheet, content.language, shown, x, width, BODY);
      continue;
    }
    const room = maxY - doc.y;
    if (room >= doc.currentLineHeight(true) + BODY.lineGap)
      write(doc, sheet, content.language, shown, x, width, { ...BODY, height: room, ellipsis: "…" });
    return true;
  }
  return text.cut;
}

/** A titled text within `maxY`: left out whole when not even its heading and a line fit. True when cut. */
function titledText(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  title: string,
  text: Measured,
  x: number,
  width: number,
  maxY: number,
): boolean {
  if (text.paragraphs.length === 0) return false;
  doc.font("regular").fontSize(9.5);
  const line = doc.currentLineHeight(true) + BODY.lineGap;
  if (doc.y + headingHeight(doc, title, width) + line > maxY) return true;
  heading(doc, sheet, content, title, x, width);
  return body(doc, sheet, content, text, x, width, maxY);
}

interface TableRow {
  name: ShownText;
  value: ShownText;
  height: number;
}

function tableRows(doc: Document, content: SpecSheetContent): TableRow[] {
  const [nameWidth, valueWidth] = TABLE_COLUMNS.map(
    (share) => share * CONTENT_WIDTH - CELL_PADDING[1] - CELL_PADDING[3],
  ) as [number, number];
  return content.specifications.rows.map(({ name, value }) => {
    doc.font("bold").fontSize(9.5);
    const nameText = breakLongWords(doc, name.text, nameWidth);
    const nameHeight = doc.heightOfString(nameText, { width: nameWidth });
    doc.font("regular");
    const valueText = breakLongWords(doc, value.text, valueWidth);
    const valueHeight = doc.heightOfString(valueText, { width: valueWidth });
    return {
      name: { ...name, text: nameText },
      value: { ...value, text: valueText },
      // One point more than the text and padding: what pdfkit's table adds on its own.
      height: Math.max(nameHeight, valueHeight) + CELL_PADDING[0] + CELL_PADDING[2] + 1,
    };
  });
}

/**
 * The photo and the offer, the specifications, the notes, from the current line down to `bottom`
 * (the footer's top). When everything fits it is laid out whole; otherwise the offer, then the
 * table, then the notes each get the room left, the offer keeping some for the other two, and what
 * does not fit is cut. True when something was cut (the sheet then says the rest is on the page).
 */
function sections(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  photo: PrintPicture | null,
  bottom: number,
): boolean {
  const shown = photo && content.photo ? { photo, alt: content.photo.alt || content.model } : null;
  const photoHeight = shown ? shownPhotoSize(shown.photo).height : 0;
  const offerX = shown ? MARGIN + PHOTO_WIDTH + GAP : MARGIN;
  const offerWidth = A4.width - MARGIN - offerX;
  const offer = measured(doc, content.offer.paragraphs, offerWidth);
  const notesText = measured(doc, content.notes.paragraphs, CONTENT_WIDTH);
  const rows = tableRows(doc, content);
  const offerHeight =
    offer.paragraphs.length > 0 ? headingHeight(doc, content.offer.heading, offerWidth) + offer.height : 0;
  const tableHeight =
    rows.length > 0
      ? headingHeight(doc, content.specifications.heading, CONTENT_WIDTH) +
        rows.reduce((total, row) => total + row.height, 0) +
        TABLE_GAP
      : 0;
  const notesHeight =
    notesText.paragraphs.length > 0
      ? headingHeight(doc, content.notes.heading, CONTENT_WIDTH) + notesText.height + NOTES_GAP
      : 0;
  const room = bottom - doc.y;
  const whole = Math.max(offerHeight, photoHeight) + OFFER_GAP + tableHeight + notesHeight;
  if (whole <= room && !offer.cut && !notesText.cut) {
    offerWithPhoto(doc, sheet, content, shown, offer, offerX, offerWidth, Infinity);
    specifications(doc, sheet, content, rows, Infinity);
    titledText(doc, sheet, content, content.notes.heading, notesText, MARGIN, CONTENT_WIDTH, Infinity);
    return false;
  }
  const limit = bottom - continuationHeight(doc, content);
  const kept = (height: number, share: number) => Math.min(height, share * (limit - doc.y));
  const afterOffer = kept(tableHeight, TABLE_SHARE) + kept(notesHeight, NOTES_SHARE);
  let cut = offerWithPhoto(doc, sheet, content, shown, offer, offerX, offerWidth, limit - afterOffer - OFFER_GAP);
  cut = specifications(doc, sheet, content, rows, limit - kept(notesHeight, NOTES_SHARE)) || cut;
  cut = titledText(doc, sheet, content, content.notes.heading, notesText, MARGIN, CONTENT_WIDTH, limit) || cut;
  return cut;
}

function shownPhotoSize(photo: PrintPicture): { width: number; height: number } {
  // Within PHOTO_WIDTH × PHOTO_HEIGHT, its proportions kept.
  const scale = Math.min(PHOTO_WIDTH / photo.width, PHOTO_HEIGHT / photo.height);
  return { width: photo.width * scale, height: photo.height * scale };
}

/** The photo on the left (a figure, its text the photo's own), the offer beside it down to `maxY`. True when cut. */
function offerWithPhoto(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  shown: { photo: PrintPicture; alt: string } | null,
  offer: Measured,
  textX: number,
  width: number,
  maxY: number,
): boolean {
  const top = doc.y;
  let photoBottom = top;
  if (shown) {
    const size = shownPhotoSize(shown.photo);
    const figure = doc.struct("Figure", { alt: shown.alt }, () => {
      doc.image(shown.photo.jpeg, MARGIN, top, size);
    });
    sheet.add(figure);
    figure.end();
    photoBottom = top + size.height;
  }
  doc.y = top;
  const cut = titledText(doc, sheet, content, content.offer.heading, offer, textX, width, Math.max(maxY, photoBottom));
  doc.y = Math.max(doc.y, photoBottom) + OFFER_GAP;
  return cut;
}

/**
 * The typed specifications, a row each down to `maxY`, the name a row header, as the product page's
 * table. True when rows were left out.
 */
function specifications(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  rows: readonly TableRow[],
  maxY: number,
): boolean {
  if (rows.length === 0) return false;
  const headingBottom = doc.y + headingHeight(doc, content.specifications.heading, CONTENT_WIDTH);
  let fitting = 0;
  for (let bottom = headingBottom; fitting < rows.length && bottom + rows[fitting].height <= maxY; fitting += 1)
    bottom += rows[fitting].height;
  if (fitting === 0) return true;
  heading(doc, sheet, content, content.specifications.heading, MARGIN, CONTENT_WIDTH);
  doc.font("regular").fontSize(9.5).fillColor(INK);
  doc.x = MARGIN;
  doc.table({
    structParent: sheet,
    position: { x: MARGIN, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: TABLE_COLUMNS.map((share) => `${Math.round(share * 100)}%`),
    rowStyles: (row) => ({ backgroundColor: row % 2 === 0 ? "#f4f5f7" : "#ffffff" }),
    defaultStyle: { border: 0, padding: [...CELL_PADDING] },
    data: rows.slice(0, fitting).map(({ name, value }) => [
      { text: name.text, type: "TH" as const, font: { src: "bold" }, textColor: MUTED },
      { text: value.text, type: "TD" as const },
    ]),
  });
  doc.y += TABLE_GAP;
  return fitting < rows.length;
}

/** "Continued on the machine's page: <address>", after a text that was cut. */
function continuationLine(content: SpecSheetContent): string {
  return `${content.labels.continued}: ${content.pageUrl}`;
}

function continuationHeight(doc: Document, content: SpecSheetContent): number {
  doc.font("regular").fontSize(9);
  return doc.heightOfString(continuationLine(content), { width: CONTENT_WIDTH }) + 6;
}

function continuation(doc: Document, sheet: Parent, content: SpecSheetContent): void {
  doc.font("regular").fontSize(9).fillColor(MUTED);
  doc.y += 2;
  write(
    doc,
    sheet,
    content.language,
    { text: continuationLine(content), lang: content.language },
    MARGIN,
    CONTENT_WIDTH,
    {
      link: content.pageUrl,
    },
  );
}

interface FooterLayout {
  lines: string[];
  textWidth: number;
  height: number;
}

/** The footer's lines and height: what the content above it must leave free. */
function footerLayout(doc: Document, content: SpecSheetContent): FooterLayout {
  const { company, labels } = content;
  const textWidth = CONTENT_WIDTH - QR_SIZE - GAP;
  doc.font("regular").fontSize(9);
  const lines = [
    company.legalName,
    company.address && `${labels.address}: ${company.address}`,
    company.phones.length > 0 && `${labels.phone}: ${company.phones.join(", ")}`,
    company.emails.length > 0 && `${labels.email}: ${company.emails.join(", ")}`,
  ]
    .filter((line): line is string => typeof line === "string" && line !== "")
    .map((line) => breakLongWords(doc, line, textWidth));
  const textHeight =
    lines.reduce((total, line) => total + doc.heightOfString(line, { width: textWidth }) + 2, 0) +
    2 * doc.heightOfString(content.pageUrl, { width: textWidth });
  return { lines, textWidth, height: Math.max(QR_SIZE, textHeight + 22) + 12 };
}

/** The company's channels and the page's address (with its QR code) at the foot of the page. */
function contact(doc: Document, sheet: Parent, content: SpecSheetContent, footer: FooterLayout): void {
  const { labels } = content;
  const { lines, textWidth, height } = footer;
  const top = A4.height - MARGIN - height;
  artifact(doc, () => {
    doc
      .moveTo(MARGIN, top)
      .lineTo(A4.width - MARGIN, top)
      .lineWidth(0.75)
      .strokeColor("#d0d4da")
      .stroke();
  });
  doc.y = top + 10;
  heading(doc, sheet, content, labels.contact, MARGIN, textWidth);
  doc.font("regular").fontSize(9).fillColor(INK);
  const own = (text: string): ShownText => ({ text, lang: content.language });
  for (const line of lines) write(doc, sheet, content.language, own(line), MARGIN, textWidth, { paragraphGap: 2 });
  write(doc, sheet, content.language, own(`${labels.page}:`), MARGIN, textWidth);
  doc.fillColor("#0b57d0");
  write(doc, sheet, content.language, own(content.pageUrl), MARGIN, textWidth, {
    link: content.pageUrl,
    underline: true,
  });
  qrCode(doc, content.pageUrl, A4.width - MARGIN - QR_SIZE, top + 10);
}

/** The page's address as a QR code, in vector squares (a few hundred bytes), for a phone's camera. */
export function qrCode(doc: Document, url: string, x: number, y: number, size = QR_SIZE): void {
  const code = generate(url);
  const module = size / code.size;
  artifact(doc, () => {
    for (let row = 0; row < code.size; row += 1) {
      for (let column = 0; column < code.size; column += 1) {
        if (code.get(column, row)) doc.rect(x + column * module, y + row * module, module, module);
      }
    }
    doc.fill(INK);
  });
}
