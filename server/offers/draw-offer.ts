import PDFDocument from "pdfkit";
import { artifact, FONTS, LOGO, qrCode } from "../spec-sheet/draw-sheet.ts";
import { breakLongWords } from "../spec-sheet/one-page-text.ts";
import type { OfferDocument, OfferDocumentLine } from "./offer-document.ts";

/**
 * An offer's document laid out by pdfkit (decision 094), with the spec sheet's fonts, logo and QR
 * code (server/spec-sheet/draw-sheet.ts): A4, DejaVu Sans embedded as a subset (ș ț), tagged, its
 * title and language in the metadata. The lines flow onto a second page when they do not fit the
 * first (up to 12 lines fit one), their header drawn again; the totals follow the last line.
 * Loaded in the sheets' work pool (./offer-pdf.ts): pdfkit stays out of the server's process.
 */

type Document = PDFKit.PDFDocument;
type Parent = PDFKit.PDFStructureElement;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** The foot's line, below the content's bottom margin. */
const FOOT_Y = A4.height - MARGIN + 12;
const INK = "#1f2328";
const MUTED = "#5b636e";
const RULE = "#f5b800";
const STRIPE = "#f4f5f7";
const QR_SIZE = 58;
/** The lines' columns, as shares of the content's width: description, amount, discount, total. */
const COLUMNS = [0.49, 0.17, 0.17, 0.17] as const;
const CELL = { x: 5, y: 2.5 };
const TOTALS_WIDTH = 260;
const TOTALS_GAP = 2;
const DETAIL_SIZE = 7;
const TEXT = { lineGap: 1.5, paragraphGap: 3 };

/** The job of the sheets' work pool: the document's bytes. */
export function drawOfferJob(content: OfferDocument): Promise<Uint8Array> {
  return drawOffer(content);
}

export function drawOffer(content: OfferDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    pdfVersion: "1.7",
    tagged: true,
    lang: content.language,
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: content.title,
      Author: content.letterhead.name,
      Subject: content.title,
      CreationDate: content.madeAt,
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

  const root = doc.struct("Document");
  doc.addStructure(root);
  letterhead(doc, root, content);
  titleAndFacts(doc, root, content);
  lines(doc, root, content);
  totals(doc, root, content);
  for (const { heading, text } of content.texts) headedText(doc, root, heading, text);
  pageFeet(doc, content);
  root.end();
  doc.end();
  return ended;
}

/** A tagged text at `x`, `width` wide, from the current line; its long words broken to fit. */
function write(
  doc: Document,
  parent: Parent,
  text: string,
  x: number,
  width: number,
  options: PDFKit.Mixins.TextOptions = {},
  type = "P",
): void {
  doc.x = x;
  doc.text(breakLongWords(doc, text, width), { ...options, width, structParent: parent, structType: type });
}

function heightOf(doc: Document, text: string, width: number, options: PDFKit.Mixins.TextOptions = {}): number {
  return doc.heightOfString(breakLongWords(doc, text, width), { ...options, width });
}

/** A new page when `height` does not fit below the current line. */
function room(doc: Document, height: number): boolean {
  if (doc.y + height <= A4.height - MARGIN) return true;
  doc.addPage();
  doc.y = MARGIN;
  return false;
}

/** The logo and the company's name, codes and address on the left, the QR code and its address on the right. */
function letterhead(doc: Document, root: Parent, content: OfferDocument): void {
  artifact(doc, () => {
    doc.save().translate(MARGIN, MARGIN).scale(0.36).path(LOGO.path).fill(LOGO.color).restore();
  });
  const textX = MARGIN + 44;
  const textWidth = CONTENT_WIDTH - 44 - QR_SIZE - 16;
  doc.y = MARGIN + 2;
  doc.font("bold").fontSize(12).fillColor(INK);
  write(doc, root, content.letterhead.name || LOGO.name, textX, textWidth);
  doc.font("regular").fontSize(8.5).fillColor(MUTED);
  for (const line of content.letterhead.lines) write(doc, root, line, textX, textWidth, { lineGap: 1 });
  const textBottom = doc.y;
  const qrX = A4.width - MARGIN - QR_SIZE;
  qrCode(doc, content.link.url, qrX, MARGIN, QR_SIZE);
  doc.y = MARGIN + QR_SIZE + 3;
  doc.font("regular").fontSize(6.5).fillColor(MUTED);
  const captionWidth = QR_SIZE + 40;
  write(doc, root, content.link.caption, A4.width - MARGIN - captionWidth, captionWidth, { align: "right" });
  write(doc, root, content.link.url, A4.width - MARGIN - captionWidth, captionWidth, {
    align: "right",
    link: content.link.url,
  });
  const ruleY = Math.max(textBottom, doc.y) + 8;
  artifact(doc, () => {
    doc
      .moveTo(MARGIN, ruleY)
      .lineTo(A4.width - MARGIN, ruleY)
      .lineWidth(2)
      .strokeColor(RULE)
      .stroke();
  });
  doc.y = ruleY + 8;
}

/** The title, then the customer on the left and the date, validity and version on the right. */
function titleAndFacts(doc: Document, root: Parent, content: OfferDocument): void {
  doc.font("bold").fontSize(16).fillColor(INK);
  write(doc, root, content.title, MARGIN, CONTENT_WIDTH, {}, "H1");
  doc.y += 4;
  const top = doc.y;
  const factsWidth = 200;
  const customerWidth = CONTENT_WIDTH - factsWidth - 20;
  doc.font("bold").fontSize(10).fillColor(INK);
  write(doc, root, content.customer.heading, MARGIN, customerWidth, {}, "H2");
  doc.font("regular").fontSize(9.5);
  for (const line of content.customer.lines) write(doc, root, line, MARGIN, customerWidth);
  const customerBottom = doc.y;
  doc.y = top;
  const factsX = A4.width - MARGIN - factsWidth;
  for (const { label, value } of content.facts) {
    doc.font("regular").fontSize(9.5).fillColor(MUTED);
    write(doc, root, `${label}: `, factsX, factsWidth, { continued: true, lineGap: 1 });
    doc.font("bold").fillColor(INK).text(value);
  }
  doc.y = Math.max(customerBottom, doc.y) + 10;
}

const columnWidths = () => COLUMNS.map((share) => share * CONTENT_WIDTH);

/** One row of the lines' table: the description (and its detail under it) and three amounts, right-aligned. */
function rowHeight(doc: Document, line: OfferDocumentLine): number {
  const [descriptionWidth, amountWidth, discountWidth, totalWidth] = columnWidths().map(
    (width) => width - 2 * CELL.x,
  ) as [number, number, number, number];
  doc.font("bold").fontSize(9);
  let description = heightOf(doc, line.description, descriptionWidth);
  doc.font("regular").fontSize(DETAIL_SIZE);
  if (line.detail !== "") description += heightOf(doc, line.detail, descriptionWidth) + 1;
  doc.fontSize(9);
  const figures = Math.max(
    heightOf(doc, line.amount, amountWidth),
    heightOf(doc, line.discount, discountWidth),
    heightOf(doc, line.total, totalWidth),
  );
  return Math.max(description, figures) + 2 * CELL.y;
}

function tableHeader(doc: Document, table: Parent, content: OfferDocument): void {
  const widths = columnWidths();
  const labels = [content.columns.description, content.columns.amount, content.columns.discount, content.columns.total];
  doc.font("bold").fontSize(8).fillColor(MUTED);
  const height =
    Math.max(...labels.map((label, index) => heightOf(doc, label, widths[index] - 2 * CELL.x))) + 2 * CELL.y;
  const top = doc.y;
  artifact(doc, () => {
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(A4.width - MARGIN, top + height)
      .lineWidth(0.75)
      .strokeColor(INK)
      .stroke();
  });
  const row = doc.struct("TR");
  table.add(row);
  let x = MARGIN;
  labels.forEach((label, index) => {
    doc.y = top + CELL.y;
    write(doc, row, label, x + CELL.x, widths[index] - 2 * CELL.x, { align: index === 0 ? "left" : "right" }, "TH");
    x += widths[index];
  });
  row.end();
  doc.y = top + height;
}

/** The offer's lines, a row each; a row that does not fit starts a new page, the header drawn again. */
function lines(doc: Document, root: Parent, content: OfferDocument): void {
  const table = doc.struct("Table");
  root.add(table);
  const widths = columnWidths();
  tableHeader(doc, table, content);
  content.lines.forEach((line, index) => {
    const height = rowHeight(doc, line);
    if (!room(doc, height)) tableHeader(doc, table, content);
    const top = doc.y;
    if (index % 2 === 1)
      artifact(doc, () => {
        doc.rect(MARGIN, top, CONTENT_WIDTH, height).fill(STRIPE);
      });
    const row = doc.struct("TR");
    table.add(row);
    const cell = doc.struct("TD");
    row.add(cell);
    doc.y = top + CELL.y;
    doc.font("bold").fontSize(9).fillColor(INK);
    write(doc, cell, line.description, MARGIN + CELL.x, widths[0] - 2 * CELL.x);
    if (line.detail !== "") {
      doc.y += 1;
      doc.font("regular").fontSize(DETAIL_SIZE).fillColor(MUTED);
      write(doc, cell, line.detail, MARGIN + CELL.x, widths[0] - 2 * CELL.x);
    }
    cell.end();
    let x = MARGIN + widths[0];
    [line.amount, line.discount, line.total].forEach((figure, column) => {
      const width = widths[column + 1];
      doc.y = top + CELL.y;
      doc
        .font(column === 2 ? "bold" : "regular")
        .fontSize(9)
        .fillColor(INK);
      write(doc, row, figure, x + CELL.x, width - 2 * CELL.x, { align: "right" }, "TD");
      x += width;
    });
    row.end();
    doc.y = top + height;
  });
  table.end();
  doc.y += 6;
}

/** The subtotal, discount, VAT and total, right-aligned under the lines; kept together. */
function totals(doc: Document, root: Parent, content: OfferDocument): void {
  const labelWidth = TOTALS_WIDTH * 0.55;
  const valueWidth = TOTALS_WIDTH - labelWidth;
  const x = A4.width - MARGIN - TOTALS_WIDTH;
  doc.font("bold").fontSize(10);
  const height = content.totals.reduce(
    (total, { label, value }) =>
      total + Math.max(heightOf(doc, label, labelWidth), heightOf(doc, value, valueWidth)) + TOTALS_GAP,
    8,
  );
  room(doc, height);
  for (const { label, value, strong } of content.totals) {
    const top = doc.y;
    if (strong)
      artifact(doc, () => {
        doc
          .moveTo(x, top - 2)
          .lineTo(A4.width - MARGIN, top - 2)
          .lineWidth(0.75)
          .strokeColor(INK)
          .stroke();
      });
    doc
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(strong ? INK : MUTED);
    write(doc, root, label, x, labelWidth);
    const labelBottom = doc.y;
    doc.y = top;
    doc.fillColor(INK);
    write(doc, root, value, x + labelWidth, valueWidth, { align: "right" });
    doc.y = Math.max(labelBottom, doc.y) + TOTALS_GAP;
  }
  doc.y += 6;
}

/** A heading and its text (pdfkit carries a long text onto the next page); the heading never alone at a page's foot. */
function headedText(doc: Document, root: Parent, heading: string, text: string): void {
  doc.font("regular").fontSize(9);
  const body = Math.min(heightOf(doc, text, CONTENT_WIDTH, TEXT), 2 * doc.currentLineHeight(true));
  doc.font("bold").fontSize(10.5);
  room(doc, heightOf(doc, heading, CONTENT_WIDTH) + 3 + body);
  doc.font("bold").fontSize(10.5).fillColor(INK);
  write(doc, root, heading, MARGIN, CONTENT_WIDTH, {}, "H2");
  doc.y += 3;
  doc.font("regular").fontSize(9).fillColor(INK);
  write(doc, root, text, MARGIN, CONTENT_WIDTH, TEXT);
  doc.y += 8;
}

/** "OF-2026-0001 v1 · pagina 1/2" at each page's foot (for the eye: the metadata carries the title). */
function pageFeet(doc: Document, content: OfferDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const bottom = doc.page.margins.bottom;
    // Below the bottom margin: without this pdfkit would start a page for the foot.
    doc.page.margins.bottom = 0;
    artifact(doc, () => {
      doc
        .font("regular")
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(`${content.pageFoot} ${page - start + 1}/${count}`, MARGIN, FOOT_Y, {
          width: CONTENT_WIDTH,
          align: "right",
          lineBreak: false,
        });
    });
    doc.page.margins.bottom = bottom;
  }
}
