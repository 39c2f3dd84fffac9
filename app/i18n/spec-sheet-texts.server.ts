import type { Locale } from "../../common/language/language.ts";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";

/** The spec sheet's own words, on the server only: no page's script carries them. */
export const SPEC_SHEET_TEXTS: Record<
  Locale,
  {
    title: (model: string) => string;
    labels: SpecSheetContent["labels"];
  }
> = {
  ro: {
    title: (model) => `Fișă tehnică ${model}`,
    labels: {
      contact: "Contact",
      phone: "Telefon",
      email: "E-mail",
      address: "Adresă",
      page: "Pagina utilajului",
      madeOn: "Generată la",
      continued: "Continuarea pe pagina utilajului",
    },
  },
  en: {
    title: (model) => `Spec sheet ${model}`,
    labels: {
      contact: "Contact",
      phone: "Phone",
      email: "E-mail",
      address: "Address",
      page: "The machine's page",
      madeOn: "Made on",
      continued: "Continued on the machine's page",
    },
  },
};
