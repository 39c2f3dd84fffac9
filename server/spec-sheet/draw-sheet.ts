import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { generate } from "lean-qr";
import PDFDocument from "pdfkit";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import type { PrintPicture } from "../media/print-picture.ts";

/**
 * The spec sheet laid out by pdfkit (decision 059): A4, the text in DejaVu Sans embedded as a subset
 * (the PDF standard fonts have no ș ț), tagged (headings, paragraphs, the table, the photo as a
 * figure with its text), its title and language in the metadata. Loaded by the first sheet made
 * (./make-sheet.ts): pdfkit and its font engine stay out of a server that makes none.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};

/**
 * The site's logo (public/logo.svg): its gear drawn as the page draws it, its name (the brand, in
 * either language) as text.
 */
const LOGO = (() => {
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

type Document = PDFKit.PDFDocument;

/** The sheet's bytes. `photo`: the header photo as a JPEG for print, or null. */
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
  offerWithPhoto(doc, sheet, content, photo);
  specifications(doc, sheet, content);
  notes(doc, sheet, content);
  contact(doc, sheet, content);
  sheet.end();
  doc.end();
  return ended;
}

/** Drawn only for the eye: a screen reader skips it. */
function artifact(doc: Document, draw: () => void): void {
  doc.markContent("Artifact", { type: "Layout" });
  draw();
  doc.endMarkedContent();
}

type Parent = PDFKit.PDFStructureElement;

/**
 * A tagged text at `x`, `width` wide from the current line, flowing onto the next page when the
 * page is full (pdfkit breaks between lines, never within one). A text in another language than
 * the sheet's (Romanian where the English is not written) is tagged with its own.
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
  write(doc, sheet, content.language, { text: content.model, lang: content.language }, MARGIN, CONTENT_WIDTH, {}, "H1");
  doc.font("regular").fontSize(11).fillColor(MUTED);
  doc.y += 2;
  write(doc, sheet, content.language, content.category, MARGIN, CONTENT_WIDTH);
  doc.y += 12;
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
  doc.y += 4;
}

function body(
  doc: Document,
  sheet: Parent,
  content: SpecSheetContent,
  paragraphs: readonly ShownText[],
  x: number,
  width: number,
): void {
  doc.font("regular").fontSize(9.5).fillColor(INK);
  for (const shown of paragraphs)
    write(doc, sheet, content.language, shown, x, width, { paragraphGap: 4, lineGap: 1.5 });
}

/** The photo on the left (a figure, its text the photo's own), the offer beside it. */
function offerWithPhoto(doc: Document, sheet: Parent, content: SpecSheetContent, photo: PrintPicture | null): void {
  const top = doc.y;
  let photoBottom = top;
  let textX = MARGIN;
  if (photo && content.photo) {
    // Within PHOTO_WIDTH × PHOTO_HEIGHT, its proportions kept.
    const scale = Math.min(PHOTO_WIDTH / photo.width, PHOTO_HEIGHT / photo.height);
    const [shownWidth, shownHeight] = [photo.width * scale, photo.height * scale];
    const figure = doc.struct("Figure", { alt: content.photo.alt || content.model }, () => {
      doc.image(photo.jpeg, MARGIN, top, { width: shownWidth, height: shownHeight });
    });
    sheet.add(figure);
    figure.end();
    photoBottom = top + shownHeight;
    textX = MARGIN + PHOTO_WIDTH + GAP;
  }
  const width = A4.width - MARGIN - textX;
  doc.y = top;
  if (content.offer.paragraphs.length > 0) {
    heading(doc, sheet, content, content.offer.heading, textX, width);
    body(doc, sheet, content, content.offer.paragraphs, textX, width);
  }
  doc.y = Math.max(doc.y, photoBottom) + 14;
}

/** The typed specifications, a row each, the name a row header, as the product page's table. */
function specifications(doc: Document, sheet: Parent, content: SpecSheetContent): void {
  const { rows } = content.specifications;
  if (rows.length === 0) return;
  heading(doc, sheet, content, content.specifications.heading, MARGIN, CONTENT_WIDTH);
  doc.font("regular").fontSize(9.5).fillColor(INK);
  doc.x = MARGIN;
  doc.table({
    structParent: sheet,
    position: { x: MARGIN, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: ["55%", "45%"],
    rowStyles: (row) => ({ backgroundColor: row % 2 === 0 ? "#f4f5f7" : "#ffffff" }),
    defaultStyle: { border: 0, padding: [3, 6, 3, 6] },
    data: rows.map(({ name, value }) => [
      { text: name.text, type: "TH" as const, font: { src: "bold" }, textColor: MUTED },
      { text: value.text, type: "TD" as const },
    ]),
  });
  doc.y += 12;
}

function notes(doc: Document, sheet: Parent, content: SpecSheetContent): void {
  if (content.notes.paragraphs.length === 0) return;
  heading(doc, sheet, content, content.notes.heading, MARGIN, CONTENT_WIDTH);
  body(doc, sheet, content, content.notes.paragraphs, MARGIN, CONTENT_WIDTH);
  doc.y += 10;
}

/**
 * The company's channels and the page's address (with its QR code) at the foot of the last page;
 * on a page of its own when the content left no room for them.
 */
function contact(doc: Document, sheet: Parent, content: SpecSheetContent): void {
  const { company, labels } = content;
  const lines = [
    company.legalName,
    company.address && `${labels.address}: ${company.address}`,
    company.phones.length > 0 && `${labels.phone}: ${company.phones.join(", ")}`,
    company.emails.length > 0 && `${labels.email}: ${company.emails.join(", ")}`,
  ].filter((line): line is string => typeof line === "string" && line !== "");
  const textWidth = CONTENT_WIDTH - QR_SIZE - GAP;
  doc.font("regular").fontSize(9);
  const textHeight =
    lines.reduce((total, line) => total + doc.heightOfString(line, { width: textWidth }) + 2, 0) +
    2 * doc.heightOfString(content.pageUrl, { width: textWidth });
  const height = Math.max(QR_SIZE, textHeight + 22) + 12;
  if (doc.y + height > A4.height - MARGIN) doc.addPage();
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
function qrCode(doc: Document, url: string, x: number, y: number): void {
  const code = generate(url);
  const module = QR_SIZE / code.size;
  artifact(doc, () => {
    for (let row = 0; row < code.size; row += 1) {
      for (let column = 0; column < code.size; column += 1) {
        if (code.get(column, row)) doc.rect(x + column * module, y + row * module, module, module);
      }
    }
    doc.fill(INK);
  });
}
