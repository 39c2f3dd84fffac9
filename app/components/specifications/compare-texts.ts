import type { Locale } from "../../../common/language/language.ts";
import { SPEC_SHEET_LINK } from "../../../common/catalogue/spec-sheet.ts";

/**
 * The compare page's texts in both languages, kept here rather than in the dictionaries every
 * public page loads (decision 058).
 */
const ro = {
  compareTitle: "Comparație utilaje",
  compareIntro: "Utilajele alese, unul lângă altul. Valorile care diferă sunt marcate cu „≠”.",
  compareEmpty: "Nu ați ales încă utilaje de comparat. Apăsați „Comparați” pe cel puțin două utilaje din ofertă.",
  compareOne: "Alegeți încă un utilaj din ofertă cu „Comparați” ca să le vedeți alături.",
  compareOffer: "Mergeți la ofertă",
  machine: "Utilaj",
  category: "Categorie",
  photo: "Poză",
  differs: "diferă",
  noValue: "—",
  noValueLabel: "fără valoare",
  remove: (model: string) => `Scoateți din comparație: ${model}`,
  removeShort: "Scoateți",
  specSheet: SPEC_SHEET_LINK.ro,
};

const en: typeof ro = {
  compareTitle: "Compare machines",
  compareIntro: "The machines you chose, side by side. Values that differ are marked “≠”.",
  compareEmpty: "You have not chosen machines to compare yet. Press “Compare” on at least two machines of the offer.",
  compareOne: "Choose one more machine of the offer with “Compare” to see them side by side.",
  compareOffer: "Go to the offer",
  machine: "Machine",
  category: "Category",
  photo: "Photo",
  differs: "differs",
  noValue: "—",
  noValueLabel: "no value",
  remove: (model: string) => `Remove from comparison: ${model}`,
  removeShort: "Remove",
  specSheet: SPEC_SHEET_LINK.en,
};

export const COMPARE_TEXTS: Record<Locale, typeof ro> = { ro, en };
