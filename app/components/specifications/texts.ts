import type { Locale } from "../../../common/language.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";

/**
 * The texts of the category filters and the compare page, in both languages. Kept with their
 * components rather than in the shared dictionaries (app/i18n), which every public page loads: they
 * come with the category and compare pages only (decision 058).
 */
const ro = {
  filters: "Filtrați și ordonați",
  from: "de la",
  to: "până la",
  between: (min: string, max: string, unit: string) => `între ${min} și ${max}${unit ? ` ${unit}` : ""}`,
  any: "Oricare",
  yes: "Da",
  no: "Nu",
  sort: "Ordine",
  ourOrder: "Ordinea noastră",
  ascending: (name: string) => `${name}: crescător`,
  descending: (name: string) => `${name}: descrescător`,
  apply: "Aplicați filtrele",
  reset: "Ștergeți filtrele",
  count: (shown: number, total: number) => `${shown} din ${total} ${total === 1 ? "utilaj" : "utilaje"}`,
  noMatch: "Niciun utilaj din această categorie nu se potrivește filtrelor alese.",
  askUs: "Spuneți-ne ce vă trebuie prin formularul de contact",
  askUsAfter: ": vă găsim o soluție.",
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
};

const en: typeof ro = {
  filters: "Filter and sort",
  from: "from",
  to: "to",
  between: (min: string, max: string, unit: string) => `between ${min} and ${max}${unit ? ` ${unit}` : ""}`,
  any: "Any",
  yes: "Yes",
  no: "No",
  sort: "Order",
  ourOrder: "Our order",
  ascending: (name: string) => `${name}: low to high`,
  descending: (name: string) => `${name}: high to low`,
  apply: "Apply filters",
  reset: "Clear filters",
  count: (shown: number, total: number) => `${shown} of ${total} ${total === 1 ? "machine" : "machines"}`,
  noMatch: "No machine in this category matches the chosen filters.",
  askUs: "Tell us what you need through the contact form",
  askUsAfter: ": we will find a solution.",
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
};

export type SpecificationTexts = typeof ro;
const TEXTS: Record<Locale, SpecificationTexts> = { ro, en };

/** The texts in the language the page is rendered in. */
export function useSpecificationTexts(): SpecificationTexts {
  return TEXTS[usePageLanguage()];
}
