/** pdfkit tags a table (Table, TR, TH, TD) under `structParent`; @types/pdfkit does not list the option yet. */
declare namespace PDFKit.Mixins {
  interface TableOptions {
    structParent?: PDFKit.PDFStructureElement;
  }
}
