import type { Locale } from "../../common/language/language.ts";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";

/** The spec sheet's own words, on the server only: no page's script carries them. */
export const SPEC_SHEET_TEXTS: Record<
  Locale,
  {
    title: (model: string) => string;
    labels: SpecSheetContent["labels"];
    /** The page answered when a sheet could not be made (decision 067). */
    notMade: { heading: string; busy: string; failed: string; link: string };
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
    notMade: {
      heading: "Fișa tehnică nu a putut fi pregătită",
      busy: "Se pregătesc acum multe fișe tehnice. Încercați din nou peste câteva secunde.",
      failed: "A apărut o eroare la pregătirea fișei tehnice. Toate datele utilajului sunt pe pagina lui.",
      link: "Pagina utilajului",
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
    notMade: {
      heading: "The spec sheet could not be made",
      busy: "Many spec sheets are being made right now. Please try again in a few seconds.",
      failed: "Something went wrong while making the spec sheet. All of the machine's details are on its page.",
      link: "The machine's page",
    },
  },
};
