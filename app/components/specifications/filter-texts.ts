import type { Locale } from "../../../common/language/language.ts";

/**
 * The category filters' texts, kept here rather than in the dictionaries every public page loads:
 * the page's loader sends those of its language with the page's data, so the browser's scripts carry
 * neither language (decision 058); `{{name}}` parts are filled by fillPlaceholders (app/i18n/translate.ts).
 */
const ro = {
  filters: "Filtrați și ordonați",
  from: "de la",
  to: "până la",
  between: "între {{min}} și {{max}}",
  notANumber: "Scrieți un număr, de exemplu 6000 sau 3,5.",
  fromAboveTo: "„De la” este mai mare decât „până la”: niciun utilaj nu se potrivește.",
  any: "Oricare",
  yes: "Da",
  no: "Nu",
  sort: "Ordine",
  ourOrder: "Ordinea noastră",
  ascending: "{{name}}: crescător",
  descending: "{{name}}: descrescător",
  apply: "Aplicați filtrele",
  reset: "Ștergeți filtrele",
  count: "{{shown}} din {{total}} utilaje",
  countOfOne: "{{shown}} din 1 utilaj",
  noMatch: "Niciun utilaj din această categorie nu se potrivește filtrelor alese.",
  askUs: "Spuneți-ne ce vă trebuie prin formularul de contact",
  askUsAfter: ": vă găsim o soluție.",
  free: "Liber între",
  freeFrom: "prima zi",
  freeUntil: "ultima zi",
  freeHint: "Utilajele cu cel puțin o unitate liberă în fiecare zi a perioadei.",
  "not-a-day": "Alegeți o zi din calendar, de exemplu 2027-03-01.",
  "last-before-first": "Ultima zi este înaintea primei: alegeți altă perioadă.",
  "in-the-past": "Perioada a început deja: alegeți zile de azi înainte.",
  "too-long": "Alegeți o perioadă de cel mult 366 de zile.",
};

const en: typeof ro = {
  filters: "Filter and sort",
  from: "from",
  to: "to",
  between: "between {{min}} and {{max}}",
  notANumber: "Type a number, for example 6000 or 3.5.",
  fromAboveTo: "“From” is larger than “to”: no machine can match.",
  any: "Any",
  yes: "Yes",
  no: "No",
  sort: "Order",
  ourOrder: "Our order",
  ascending: "{{name}}: low to high",
  descending: "{{name}}: high to low",
  apply: "Apply filters",
  reset: "Clear filters",
  count: "{{shown}} of {{total}} machines",
  countOfOne: "{{shown}} of 1 machine",
  noMatch: "No machine in this category matches the chosen filters.",
  askUs: "Tell us what you need through the contact form",
  askUsAfter: ": we will find a solution.",
  free: "Free between",
  freeFrom: "first day",
  freeUntil: "last day",
  freeHint: "The machines with at least one unit free on every day of the period.",
  "not-a-day": "Choose a day from the calendar, for example 2027-03-01.",
  "last-before-first": "The last day is before the first: choose another period.",
  "in-the-past": "The period has already begun: choose days from today on.",
  "too-long": "Choose a period of at most 366 days.",
};

export type FilterTexts = typeof ro;

export const FILTER_TEXTS: Record<Locale, FilterTexts> = { ro, en };
