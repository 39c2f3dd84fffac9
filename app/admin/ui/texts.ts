import type { SpecificationChange } from "../../../common/specifications/specification-input.ts";
import type { SpecificationKind } from "../../../common/specifications/specification-schema.ts";
import { UNITS, type UnitKey } from "../../../common/specifications/units.ts";
import type { TranslationState } from "../../../common/language/translation-state.ts";

/**
 * The admin's Romanian texts (spec §1: admin screens are Romanian only), kept out of the public
 * dictionaries so the public pages do not carry them. Error codes are not here: their messages
 * live in common/errors/error-codes.ts, the one table the API's codes come from.
 */

/** The success toasts of spec §8, word for word. */
export const SUCCESS = {
  login: "Autentificarea s-a realizat cu succes!",
  categoryDeleted: "Categoria a fost stearsa cu succes!",
  productDeleted: "Produsul a fost sters cu succes!",
  productUpdated: "Produsul a fost actualizat cu succes!",
  productCreated: "Produsul a fost creat cu succes!",
  categoryUpdated: "Categoria a fost actualizata cu succes!",
  categoryCreated: "Categoria a fost creata cu succes!",
  bannerCreated: "Panoul a fost creat cu succes!",
  imageDeleted: "Imaginea a fost stearsa cu succes!",
  passwordUpdated: "Parola a fost actualizata cu succes!",
  resetMailSent: "Mesajul a fost trimis cu succes!",
  passwordChanged: "Parola a fost schimbata cu succes!",
  configurationUpdated: "Configuratia a fost actualizata cu succes!",
  /**
   * Not in spec §8: the banner's order has no call there
   * (docs/decisions/026-the-gallery-and-the-banner-reorder-with-dnd-kit.md).
   */
  bannerOrderSaved: "Ordinea pozelor a fost salvata cu succes!",
  /**
   * Not in spec §8: the leads inbox, which the specification lacks
   * (docs/decisions/031-the-leads-inbox-a-folded-search-column-erasure.md).
   */
  leadStatusChanged: "Starea cererii a fost actualizata cu succes!",
  leadDeleted: "Cererea a fost stearsa cu succes!",
  leadBooked: "Rezervarile au fost create cu succes!",
  feedRenewed: "Adresa calendarului a fost creata cu succes!",
  /** Not in spec §8: a banner picture's captions and descriptions, which the specification lacks. */
  bannerTextsSaved: "Textele pozei au fost salvate cu succes!",
} as const;

export const CONNECTIVITY_ERROR = "Serverul nu poate fi contactat. Verificati conexiunea la internet.";
export const UNEXPECTED_ERROR = "A aparut o eroare neasteptata. Incercati din nou.";

/** Spec §2: the leave guard's modal and the confirmation dialog's default buttons. */
export const LEAVE_GUARD = {
  title: "Sunteti sigur?",
  message: "Formularul nu a fost trimis încă, chiar doriți să părăsiți pagina?",
} as const;
export const CONFIRM_LABELS = { confirm: "Da", cancel: "Nu" } as const;

/** A save refused because someone else saved the record after it was opened (decision 068). */
export const EDIT_CONFLICT = {
  title: "Altcineva a salvat intre timp",
  message: (savedAt: string | undefined) =>
    `Inregistrarea a fost salvata de altcineva${savedAt ? ` la ${savedAt}` : ""}, dupa ce ati deschis-o. Salvarea dumneavoastra nu a fost facuta.`,
  changesHeading: "Ce s-a schimbat:",
  noVisibleChange: "Nicio diferenta in campurile acestui formular.",
  choices:
    "Reincarcati: vedeti versiunea salvata, modificarile dumneavoastra se pierd. Suprascrieti: salvati modificarile dumneavoastra peste cele ale celeilalte persoane.",
  reload: "Reincarcati",
  overwrite: "Suprascrieti",
  reloadQuestion: {
    title: "Renuntati la modificari?",
    message:
      "Modificarile facute in acest formular se pierd, iar formularul arata versiunea salvata de cealalta persoana.",
  },
  reloaded: "Formularul arata acum versiunea salvata de cealalta persoana.",
  /** One changed field: its label, what the form had and what is stored now (long texts without them). */
  changed: (label: string, before?: string, after?: string) =>
    before === undefined || after === undefined ? label : `${label}: „${before}” → „${after}”`,
  empty: "(gol)",
} as const;

export const SESSION_EXPIRY = {
  title: "Sesiunea este pe cale sa expire",
  message: "Sesiunea dumneavoastra expira in curand. Doriti sa ramaneti conectat?",
  stay: "Raman conectat",
  leave: "Deconectare",
} as const;

export const STRENGTH_LABELS = ["Foarte slaba", "Slaba", "Medie", "Buna", "Puternica"] as const;

/** English content written beside the Romanian: the English field's label, the copy action, the states of a record. */
export const TRANSLATION = {
  englishLabel: (label: string) => `${label} (engleza)`,
  copy: "Copiati din romana",
  /** The copy button's name for screen readers: which field it fills. */
  copyName: (label: string) => `Copiati din romana: ${label}`,
  overwrite: (englishLabel: string) => ({
    title: "Inlocuiti textul in engleza?",
    message: `${englishLabel} are deja un text. Il inlocuiti cu textul in romana?`,
  }),
  states: { complete: "Tradus", partial: "Partial", missing: "Netradus" } satisfies Record<TranslationState, string>,
  filter: "Filtrati dupa traducere",
  anyState: "Toate starile traducerii",
} as const;

/** The banner screen's texts of a picture; the other messages are the API's codes. */
export const BANNER_TEXTS = {
  altRequired: "Descrierea pozei este obligatorie",
} as const;

/** A category's specifications (its typed figures) and a machine's values for them. */
export const SPECIFICATIONS = {
  heading: "Specificatii tehnice",
  help: "Cifrele pe care le au toate utilajele categoriei (masa, adancimea de sapare, puterea...): completate pe fiecare utilaj, afisate in tabelul paginii lui, pe carduri si ca filtre.",
  none: "Categoria nu are inca specificatii.",
  add: "Adaugati o specificatie",
  legend: (number: number) => `Specificatia ${number}`,
  name: "Denumire",
  kind: "Tip",
  kinds: {
    number: "Numar cu unitate",
    choice: "Alegere dintre optiuni",
    yes_no: "Da / Nu",
    text: "Text scurt",
  } satisfies Record<SpecificationKind, string>,
  unit: "Unitate",
  noUnit: "Fara unitate (bucati)",
  unitLabel: (unit: UnitKey) =>
    UNITS[unit].ro === UNITS[unit].en ? UNITS[unit].ro : `${UNITS[unit].ro} / ${UNITS[unit].en}`,
  option: (number: number) => `Optiunea ${number}`,
  addOption: "Adaugati o optiune",
  removeOption: (label: string) => `Stergeti ${label.toLowerCase()}`,
  onCard: "Pe card",
  cardLimit: (max: number) => `Cel mult ${max} specificatii apar pe carduri: scoateti intai alta de pe card.`,
  filter: "Filtru pe pagina categoriei",
  moveUp: (number: number) => `Mutati mai sus specificatia ${number}`,
  moveDown: (number: number) => `Mutati mai jos specificatia ${number}`,
  removeShort: "Stergeti",
  remove: (number: number) => `Stergeti specificatia ${number}`,
} as const;

/** A count of machines as Romanian says it: 1 utilaj, 2 utilaje, 20 de utilaje, 101 utilaje, 120 de utilaje. */
export function machinesCount(count: number): string {
  if (count === 1) return "1 utilaj";
  const rest = count % 100;
  return count >= 20 && (rest === 0 || rest >= 20) ? `${count} de utilaje` : `${count} utilaje`;
}

/** The question before a category's save removes or reinterprets machines' values. */
export const SPECIFICATION_CHANGES = {
  title: "Se modifica valori completate la utilaje",
  message: (machines: number, details: readonly string[]) =>
    `Salvarea sterge sau schimba valorile completate la ${machinesCount(machines)}: ${details.join("; ")}. Continuati?`,
  confirm: "Da, salvati",
  changes: {
    removed: "stearsa",
    options_removed: "optiuni alese sterse",
    kind_changed: "alt tip, valorile se sterg",
    unit_changed: "alta unitate, numerele raman citite in noua unitate",
  } satisfies Record<SpecificationChange, string>,
} as const;

/** The product form's specification fields. */
export const PRODUCT_SPECIFICATIONS = {
  heading: "Specificatii tehnice",
  none: "Categoria aleasa nu are specificatii.",
  noChoice: "Nespecificat",
  notGiven: "Nespecificat: un clic pentru Da, inca unul pentru Nu",
  ambiguousNumber: "Scrieti miile fara punct (22500) si zecimalele dupa virgula (22,5)",
  droppedTitle: "Valori care se pierd la salvare",
  dropped: (names: readonly string[]) =>
    `Noua categorie nu are ${names.length === 1 ? "specificatia" : "specificatiile"} ${names.join(", ")}: ${names.length === 1 ? "valoarea ei se sterge" : "valorile lor se sterg"} la salvare.`,
} as const;
