import type { Locale } from "../language/language.ts";
import { isCodeOf, messageOf } from "./message-table.ts";
import { bookingMessages } from "./booking-error-codes.ts";
import { visitorMessages } from "./visitor-error-codes.ts";

/**
 * The error catalogue of spec §8 (plus the few codes it lacks, marked below) and the message of
 * each code in both languages, the visitor's among them from common/errors/visitor-error-codes.ts. The API
 * sends codes; the client shows these messages.
 */
const messages = {
  ERROR_CREATE_CATEGORY: ["Categoria nu a putut fi creata.", "The category could not be created."],
  ERROR_GET_CATEGORIES: ["Categoriile nu au putut fi incarcate.", "The categories could not be loaded."],
  ERROR_GET_CATEGORY: ["Categoria nu a fost gasita.", "The category was not found."],
  ERROR_UPDATE_CATEGORY: ["Categoria nu a putut fi actualizata.", "The category could not be updated."],
  ERROR_DELETE_CATEGORY: ["Categoria nu a putut fi stearsa.", "The category could not be deleted."],
  ERROR_CATEGORY_EXIST: ["Categorie existenta!", "This category already exists!"],
  ERROR_CREATE_PRODUCT: ["Produsul nu a putut fi creat.", "The product could not be created."],
  ERROR_DELETE_PRODUCT: ["Produsul nu a putut fi sters.", "The product could not be deleted."],
  ERROR_UPDATE_PRODUCT: ["Produsul nu a putut fi actualizat.", "The product could not be updated."],
  ERROR_GET_PRODUCTS: ["Produsele nu au putut fi incarcate.", "The products could not be loaded."],
  ERROR_GET_PRODUCT: ["Produsul nu a fost gasit.", "The product was not found."],
  ERROR_GET_PRODUCT_BY_CATEGORY: [
    "Produsele categoriei nu au putut fi incarcate.",
    "The category's products could not be loaded.",
  ],
  ERROR_GET_PRODUCT_NAME_BY_CATEGORY: [
    "Produsul nu a fost gasit in aceasta categorie.",
    "The product was not found in this category.",
  ],
  ERROR_PRODUCT_EXIST: ["Acest model a fost deja introdus o data.", "This model has already been entered once"],
  ERROR_GET_PHOTOS: ["Pozele nu au putut fi incarcate.", "The photos could not be loaded."],
  ERROR_GET_BANNER_PHOTOS: ["Pozele banner nu au putut fi incarcate.", "The banner photos could not be loaded."],
  ERROR_DELETE_BANNER_PHOTO: ["Poza banner nu a putut fi stearsa.", "The banner photo could not be deleted."],
  ERROR_CREATE_BANNER: ["Panoul nu a putut fi creat.", "The banner could not be created."],
  ERROR_GET_PHOTO_GALLERY: ["Galeria foto nu a putut fi incarcata.", "The photo gallery could not be loaded."],
  ERROR_GET_PHOTO_HEADER: ["Poza oferta nu a putut fi incarcata.", "The offer photo could not be loaded."],
  ERROR_DELETE_PHOTO: ["Poza nu a putut fi stearsa.", "The photo could not be deleted."],
  ERROR_GET_CONFIGURATIONS: ["Configuratia nu a putut fi incarcata.", "The configuration could not be loaded."],
  ERROR_GET_CONFIGURATION: ["Configuratia nu a fost gasita.", "The configuration entry was not found."],
  ERROR_UPDATE_CONFIGURATIONS: ["Configuratia nu a putut fi actualizata.", "The configuration could not be updated."],
  INVALID_CONFIGURATION_SHOW_AVAILABILITY: [
    "Afisarea disponibilitatii trebuie sa fie true sau false",
    "Showing availability must be true or false",
  ],
  USER_LOGIN_FAILED: ["Utilizatorul sau parola sunt gresite.", "Wrong user name or password."],
  ERROR_OLD_PASSWORD_INCORRECT: ["Parola actuala este incorecta.", "The current password is incorrect."],
  ERROR_NEW_PASSWORD_INCORRECT: [
    "Parola noua nu corespunde confirmarii.",
    "The new password does not match its confirmation.",
  ],
  REQUIRED_CATEGORY_NAME: ["Numele este obligatoriu", "The name is required"],
  INVALID_CATEGORY_NAME: ["Numele contine caractere nepermise", "The name contains characters that are not allowed"],
  RESERVED_CATEGORY_NAME: [
    "Numele este rezervat de adresele site-ului (category, details): alegeti alt nume",
    "The name is reserved by the site's addresses (category, details): choose another name",
  ],
  REQUIRED_PRODUCT_MODEL: ["Modelul este obligatoriu", "The model is required"],
  INVALID_PRODUCT_MODEL: ["Modelul contine caractere nepermise", "The model contains characters that are not allowed"],
  REQUIRED_PRODUCT_DETAILS: ["Detaliile sunt obligatorii", "The details are required"],
  REQUIRED_PRODUCT_HEADER_OFFER: ["Antetul ofertei este obligatoriu", "The offer header is required"],
  REQUIRED_PRODUCT_HEADER_PHOTO: ["Poza oferta este obligatorie", "The offer photo is required"],
  REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE: ["Poza oferta este obligatorie", "The offer photo is required"],
  INVALID_PRODUCT_HEADER_PHOTO_IMAGE: ["Poza oferta nu este o imagine valida", "The offer photo is not a valid image"],
  REQUIRED_PRODUCT_TECHNICAL_DATA: ["Datele tehnice sunt obligatorii", "The technical data are required"],
  REQUIRED_PRODUCT_CATEGORY: ["Categoria este obligatorie", "The category is required"],
  INVALID_PRODUCT_CATEGORY: ["Categoria nu este valida", "The category is not valid"],
  INVALID_PRODUCT_GALLERY: ["Galeria nu este valida", "The gallery is not valid"],
  REQUIRED_PRODUCT_GALLERY_IMAGE: ["Imaginea din galerie este obligatorie", "The gallery image is required"],
  INVALID_PRODUCT_GALLERY_IMAGE: ["Imaginea din galerie nu este valida", "The gallery image is not valid"],
  REQUIRED_PRODUCT_GALLERY_MIME_TYPE: ["Tipul imaginii este obligatoriu", "The image type is required"],
  INVALID_PRODUCT_GALLERY_MIME_TYPE: ["Tipul imaginii nu este acceptat", "The image type is not accepted"],
  // Codes the spec lacks, for cases it does not name (the ones a visitor may meet are in
  // common/errors/visitor-error-codes.ts).
  ERROR_UNAUTHORIZED: [
    "Sesiunea a expirat. Autentificati-va din nou.",
    "Your session has expired. Please log in again.",
  ],
  // Authentication fields (messages of spec §5 where it gives them).
  REQUIRED_USERNAME: ["Utilizatorul este obligatoriu", "The user name is required"],
  REQUIRED_PASSWORD: ["Parola este obligatorie", "The password is required"],
  REQUIRED_OLD_PASSWORD: ["Parola actuala este obligatorie", "The current password is required"],
  REQUIRED_NEW_PASSWORD: ["Noua parola este obligatorie", "The new password is required"],
  REQUIRED_CONFIRM_PASSWORD: ["Confirmarea parolei este obligatorie", "The password confirmation is required"],
  INVALID_PASSWORD_LENGTH: [
    "Parola trebuie sa aiba intre 8 si 128 de caractere",
    "The password must have 8 to 128 characters",
  ],
  // Not in spec §8: a new password found in the list of common passwords.
  INVALID_PASSWORD_COMMON: [
    "Parola este prea des folosita. Alegeti alta parola.",
    "This password is too common. Please choose another one.",
  ],
  REQUIRED_MAIL: ["Adresa de email este obligatorie", "The e-mail address is required"],
  INVALID_MAIL: [
    "Adresa de email nu respecta formatul nume@domeniu.ro",
    "The e-mail address does not match the format name@domain.com",
  ],
  REQUIRED_REFRESH_TOKEN: [
    "Sesiunea a expirat. Autentificati-va din nou.",
    "Your session has expired. Please log in again.",
  ],
  REQUIRED_RESET_TOKEN: ["Linkul de resetare nu este valid.", "The reset link is not valid."],
  ERROR_RESET_TOKEN_INVALID: [
    "Linkul de resetare a expirat sau a fost deja folosit.",
    "The reset link has expired or was already used.",
  ],
  // Catalogue writes: cases the spec's catalogue does not name (messages of spec §5 where it gives them).
  INVALID_PRODUCT_DETAILS: ["Detaliile nu sunt valide", "The details are not valid"],
  INVALID_PRODUCT_HEADER_OFFER: ["Antetul ofertei nu este valid", "The offer header is not valid"],
  INVALID_PRODUCT_TECHNICAL_DATA: ["Datele tehnice nu sunt valide", "The technical data are not valid"],
  REQUIRED_PRODUCT_HEADER_PHOTO_MIME_TYPE: [
    "Tipul pozei oferta este obligatoriu",
    "The offer photo's type is required",
  ],
  INVALID_PRODUCT_HEADER_PHOTO_MIME_TYPE: [
    "Tipul pozei oferta nu este acceptat",
    "The offer photo's type is not accepted",
  ],
  INVALID_BANNER: ["Lista de poze banner nu este valida", "The list of banner photos is not valid"],
  REQUIRED_BANNER_IMAGE: ["Poza banner este obligatorie", "The banner photo is required"],
  INVALID_BANNER_IMAGE: ["Poza banner nu este o imagine valida", "The banner photo is not a valid image"],
  REQUIRED_BANNER_MIME_TYPE: ["Tipul pozei banner este obligatoriu", "The banner photo's type is required"],
  INVALID_BANNER_MIME_TYPE: ["Tipul pozei banner nu este acceptat", "The banner photo's type is not accepted"],
  ERROR_UPDATE_BANNER: ["Poza banner nu a putut fi actualizata.", "The banner photo could not be updated."],
  INVALID_BANNER_ORDER: [
    "Ordinea pozelor banner nu este valida. Reincarcati pagina.",
    "The banner order is not valid. Reload the page.",
  ],
  ERROR_IMAGE_TOO_LARGE: [
    "Imaginea depaseste dimensiunea maxima acceptata.",
    "The image is larger than the accepted maximum.",
  ],
  INVALID_CONFIGURATION: ["Configuratia nu este valida.", "The configuration is not valid."],
  // A save based on a version another save has replaced (decision 068).
  ERROR_EDIT_CONFLICT: [
    "Altcineva a salvat intre timp aceasta inregistrare. Reincarcati-o sau suprascrieti-o.",
    "Someone else saved this record meanwhile. Reload it or overwrite it.",
  ],
  INVALID_EDIT_VERSION: ["Versiunea nu este valida", "The version is not valid"],
  REQUIRED_CONFIGURATION_MAIL_TO: ["Adresa de mail este obligatorie!", "The e-mail address is required!"],
  INVALID_CONFIGURATION_MAIL_TO: ["Adresa de mail nu este valida.", "The e-mail address is not valid."],
  REQUIRED_CONFIGURATION_MAIL_SUBJECT: ["Subiectul este obligatoriu!", "The subject is required!"],
  INVALID_CONFIGURATION_MAIL_SUBJECT: ["Subiectul nu este valid.", "The subject is not valid."],
  REQUIRED_CONFIGURATION_PHONE: ["Numarul de telefon este obligatoriu!", "The phone number is required!"],
  INVALID_CONFIGURATION_PHONE: ["Numarul de telefon nu este valid.", "The phone number is not valid."],
  REQUIRED_CONFIGURATION_MAIL_TO_SECOND: ["Adresa de mail este obligatorie!", "The e-mail address is required!"],
  INVALID_CONFIGURATION_MAIL_TO_SECOND: ["Adresa de mail nu este valida.", "The e-mail address is not valid."],
  REQUIRED_CONFIGURATION_PHONE_SECOND: ["Numarul de telefon este obligatoriu!", "The phone number is required!"],
  INVALID_CONFIGURATION_PHONE_SECOND: ["Numarul de telefon nu este valid.", "The phone number is not valid."],
  // English content beside the Romanian: its own codes, the Romanian field's rules.
  INVALID_CATEGORY_NAME_EN: [
    "Numele in engleza contine caractere nepermise",
    "The English name contains characters that are not allowed",
  ],
  INVALID_PRODUCT_HEADER_OFFER_EN: [
    "Antetul ofertei in engleza nu este valid",
    "The English offer header is not valid",
  ],
  INVALID_PRODUCT_DETAILS_EN: ["Detaliile in engleza nu sunt valide", "The English details are not valid"],
  INVALID_PRODUCT_TECHNICAL_DATA_EN: [
    "Datele tehnice in engleza nu sunt valide",
    "The English technical data are not valid",
  ],
  INVALID_BANNER_CAPTION: [
    "Textul de pe poza poate avea cel mult 120 de caractere, pe un rand",
    "The caption can have at most 120 characters, on one line",
  ],
  INVALID_BANNER_CAPTION_EN: [
    "Textul in engleza de pe poza poate avea cel mult 120 de caractere, pe un rand",
    "The English caption can have at most 120 characters, on one line",
  ],
  INVALID_BANNER_ALT_EN: [
    "Descrierea pozei in engleza poate avea cel mult 300 de caractere",
    "The English picture description can have at most 300 characters",
  ],
  // A category's specifications (common/specifications/specification-input.ts), at `specifications.N.field`.
  INVALID_CATEGORY_SPECIFICATIONS: [
    "Lista de specificatii nu este valida (cel mult 30)",
    "The list of specifications is not valid (at most 30)",
  ],
  REQUIRED_SPECIFICATION_NAME: ["Numele specificatiei este obligatoriu", "The specification's name is required"],
  INVALID_SPECIFICATION_NAME: [
    "Numele specificatiei poate avea cel mult 60 de caractere, pe un rand, fara caractere invizibile",
    "The specification's name can have at most 60 characters, on one line, without invisible characters",
  ],
  INVALID_SPECIFICATION_NAME_EN: [
    "Numele in engleza poate avea cel mult 60 de caractere, pe un rand, fara caractere invizibile",
    "The English name can have at most 60 characters, on one line, without invisible characters",
  ],
  DUPLICATE_SPECIFICATION_NAME: [
    "Categoria are deja o specificatie cu acest nume",
    "The category already has a specification with this name",
  ],
  INVALID_SPECIFICATION_KIND: ["Tipul specificatiei nu este valid", "The specification's kind is not valid"],
  INVALID_SPECIFICATION_UNIT: [
    "Unitatea de masura nu este valida (doar pentru numere)",
    "The unit is not valid (numbers only)",
  ],
  INVALID_SPECIFICATION_OPTIONS: [
    "O alegere are intre 2 si 20 de optiuni, de cel mult 60 de caractere, fara caractere invizibile; celelalte tipuri nu au optiuni",
    "A choice has 2 to 20 options of at most 60 characters, without invisible characters; the other kinds have none",
  ],
  REQUIRED_SPECIFICATION_OPTION_NAME: ["Numele optiunii este obligatoriu", "The option's name is required"],
  DUPLICATE_SPECIFICATION_OPTION: ["Optiunea apare de doua ori", "This option appears twice"],
  TOO_MANY_CARD_SPECIFICATIONS: [
    "Cel mult 3 specificatii pot aparea pe carduri",
    "At most 3 specifications can appear on the cards",
  ],
  UNKNOWN_SPECIFICATION: [
    "Specificatia nu mai exista in aceasta categorie. Reincarcati pagina.",
    "The specification no longer exists in this category. Reload the page.",
  ],
  SPECIFICATION_VALUES_AFFECTED: [
    "Modificarea sterge sau schimba valori deja completate la utilaje. Confirmati pentru a continua.",
    "This change removes or alters values already filled in for machines. Confirm to go on.",
  ],
  // A machine's specification values, at `specifications.<uuid>`.
  INVALID_PRODUCT_SPECIFICATIONS: [
    "Specificatiile utilajului nu sunt valide",
    "The machine's specifications are not valid",
  ],
  TOO_MANY_PRODUCT_SPECIFICATIONS: [
    "Un utilaj poate avea cel mult 30 de specificatii",
    "A machine can have at most 30 specifications",
  ],
  UNKNOWN_PRODUCT_SPECIFICATION: [
    "Specificatia nu exista. Reincarcati pagina.",
    "The specification does not exist. Reload the page.",
  ],
  PRODUCT_SPECIFICATION_NOT_IN_CATEGORY: [
    "Specificatia nu apartine categoriei utilajului",
    "The specification does not belong to the machine's category",
  ],
  INVALID_PRODUCT_SPECIFICATION_NUMBER: [
    "Valoarea trebuie sa fie un numar, cu cel mult 3 zecimale",
    "The value must be a number, with at most 3 decimals",
  ],
  PRODUCT_SPECIFICATION_OUT_OF_RANGE: [
    "Valoarea este prea mare (cel mult 1.000.000.000)",
    "The value is too large (at most 1,000,000,000)",
  ],
  UNKNOWN_PRODUCT_SPECIFICATION_OPTION: [
    "Optiunea aleasa nu exista. Reincarcati pagina.",
    "The chosen option does not exist. Reload the page.",
  ],
  INVALID_PRODUCT_SPECIFICATION_YES_NO: ["Valoarea trebuie sa fie da sau nu", "The value must be yes or no"],
  INVALID_PRODUCT_SPECIFICATION_TEXT: [
    "Textul poate avea cel mult 120 de caractere, pe un rand, fara caractere invizibile, si nu poate lipsi in romana",
    "The text can have at most 120 characters, on one line, without invisible characters, and cannot be missing in Romanian",
  ],
  // The leads inbox ('Cereri oferta'): cases the spec's catalogue does not name, in its
  // ERROR_GET_/ERROR_UPDATE_/ERROR_DELETE_ style.
  ERROR_GET_CONTACT_REQUEST: ["Cererea de oferta nu a fost gasita.", "The quote request was not found."],
  ERROR_UPDATE_CONTACT_REQUEST: [
    "Cererea de oferta nu a putut fi actualizata: nu mai exista.",
    "The quote request could not be updated: it no longer exists.",
  ],
  ERROR_DELETE_CONTACT_REQUEST: [
    "Cererea de oferta nu a putut fi stearsa: nu mai exista.",
    "The quote request could not be deleted: it no longer exists.",
  ],
  REQUIRED_CONTACT_REQUEST_STATUS: ["Starea este obligatorie", "The status is required"],
  INVALID_CONTACT_REQUEST_STATUS: [
    "Starea trebuie sa fie nou, contactat sau finalizat",
    "The status must be nou, contactat or finalizat",
  ],
  INVALID_CONTACT_REQUEST_SEARCH: [
    "Cautarea poate avea cel mult 100 de caractere",
    "The search can have at most 100 characters",
  ],
  INVALID_CONTACT_REQUEST_PAGE: ["Pagina nu este valida", "The page is not valid"],
  INVALID_CONTACT_REQUEST_PAGE_SIZE: [
    "Numarul de cereri pe pagina trebuie sa fie intre 1 si 100",
    "The number of requests per page must be between 1 and 100",
  ],
  INVALID_CONTACT_REQUEST_PRODUCT: ["Utilajul ales nu este valid", "The chosen machine is not valid"],
  INVALID_CONTACT_REQUEST_CATEGORY: ["Categoria aleasa nu este valida", "The chosen category is not valid"],
  INVALID_CONTACT_REQUEST_DATE: ["Data nu este valida (AAAA-LL-ZZ)", "The date is not valid (YYYY-MM-DD)"],
  ...bookingMessages,
  // The activity log's filters (decision 073).
  INVALID_ACTIVITY_ACTION: ["Actiunea aleasa nu este valida", "The chosen action is not valid"],
  INVALID_ACTIVITY_KIND: ["Tipul ales nu este valid", "The chosen kind is not valid"],
  INVALID_ACTIVITY_USER: ["Utilizatorul ales nu este valid", "The chosen user is not valid"],
  INVALID_ACTIVITY_DATE: ["Data nu este valida (AAAA-LL-ZZ)", "The date is not valid (YYYY-MM-DD)"],
  INVALID_ACTIVITY_OFFSET: [
    "Pagina nu este valida: jurnalul se citeste pana la 10000 de intrari in urma; restrangeti filtrul",
    "The page is not valid: the log is read up to 10000 entries back; narrow the filter",
  ],
  // The trash (decision 074).
  ERROR_TRASH_NOT_FOUND: [
    "Elementul nu mai este in Cos: a fost restaurat sau sters definitiv.",
    "The item is no longer in the trash: it was restored or purged.",
  ],
  TRASH_MODEL_TAKEN: [
    "Intre timp alt utilaj are acest model: alegeti alt model pentru cel restaurat.",
    "Another machine has taken this model meanwhile: choose another model for the restored one.",
  ],
  TRASH_CATEGORY_IN_TRASH: [
    "Categoria utilajului este si ea in Cos: restaurati-le pe amandoua, sau utilajul singur, fara categorie.",
    "The machine's category is in the trash too: restore both, or the machine alone, without a category.",
  ],
  TRASH_CATEGORY_TAKEN: [
    "Intre timp alta categorie are acest nume: alegeti alt nume pentru categoria restaurata.",
    "Another category has taken this name meanwhile: choose another name for the restored category.",
  ],
  TRASH_BANNER_LIMIT: [
    "Caruselul are deja numarul maxim de poze: stergeti una, apoi restaurati.",
    "The carousel already has the most pictures it takes: delete one, then restore.",
  ],
  INVALID_TRASH_RESTORE_CATEGORY: [
    "restore_category trebuie sa fie true sau false",
    "restore_category must be true or false",
  ],
  // Revisions (decision 078).
  INVALID_REVISION_KIND: [
    "Tipul ales nu este valid (utilaj, categorie sau configurare)",
    "The chosen kind is not valid (product, category or configuration)",
  ],
  INVALID_REVISION_ITEM: ["Elementul ales nu este valid", "The chosen item is not valid"],
  INVALID_REVISION_OFFSET: ["Pagina istoricului nu este valida", "The history's page is not valid"],
  ERROR_REVISION_NOT_FOUND: [
    "Versiunea nu mai exista in istoric: a fost stearsa de curatenia periodica.",
    "The version is no longer in the history: housekeeping removed it.",
  ],
  REVISION_ITEM_GONE: [
    "Elementul acestei versiuni nu mai exista (este in Cos sau a fost sters): restaurati-l intai din Cos.",
    "This version's item no longer exists (it is in the trash or was deleted): restore it from the trash first.",
  ],
  REVISION_CATEGORY_GONE: [
    "Categoria din aceasta versiune nu mai exista: restaurati-o din Cos sau alegeti alta categorie in formular.",
    "This version's category no longer exists: restore it from the trash or choose another category in the form.",
  ],
  REVISION_PICTURES_GONE: [
    "Unele poze din aceasta versiune nu mai exista: alegeti alta versiune sau adaugati pozele din nou.",
    "Some pictures of this version no longer exist: choose another version or add the pictures again.",
  ],
  ERROR_IMPORT_NOT_FOUND: [
    "Importul nu a modificat niciun utilaj pastrat in istoric (sau istoricul lui a fost curatat).",
    "The import changed no machine the history keeps (or its history was pruned).",
  ],
  IMPORT_UNDO_CHANGED_SINCE: [
    "Un utilaj din import a fost salvat intre timp: importul nu mai poate fi anulat dintr-o data; restaurati utilajele din Istoric.",
    "A machine of the import was saved since: the import can no longer be undone at once; restore the machines from their history.",
  ],
  IMPORT_UNDO_TRASHED: [
    "Un utilaj din import este in Cos: restaurati-l intai, apoi anulati importul.",
    "A machine of the import is in the trash: restore it first, then undo the import.",
  ],
  IMPORT_UNDO_HISTORY_GONE: [
    "Versiunea de dinaintea importului nu mai este in istoric: importul nu mai poate fi anulat.",
    "The version before the import is no longer in the history: the import can no longer be undone.",
  ],
  // The catalogue's spreadsheets (decision 076).
  INVALID_CATALOGUE_EXPORT_FORMAT: [
    "Formatul exportului trebuie sa fie xlsx, csv sau zip",
    "The export's format must be xlsx, csv or zip",
  ],
  INVALID_CATALOGUE_EXPORT_CATEGORY: ["Categoria aleasa nu este valida", "The chosen category is not valid"],
  IMPORT_FILE_TOO_LARGE: ["Fisierul are mai mult de 20 MB", "The file is larger than 20 MB"],
  IMPORT_FILE_TYPE: [
    "Alegeti un fisier .xlsx, .csv (UTF-8) sau .zip (cu poze)",
    "Choose an .xlsx, a .csv (UTF-8) or a .zip (with pictures) file",
  ],
  IMPORT_CATEGORY_AMBIGUOUS: [
    "Doua categorii au acest nume, fara diacritice: scrieti-l exact, cu diacriticele categoriei",
    "Two categories have this name once diacritics are set aside: write it exactly, with the category's diacritics",
  ],
  IMPORT_TOO_MANY_COLUMNS: [
    "Un rand are mai multe coloane decat poate avea o foaie a exportului",
    "A row has more columns than an export's sheet can have",
  ],
  IMPORT_PICTURES_TOO_LARGE: [
    "Pozele din arhiva au mai mult de 200 MB in total",
    "The pictures in the archive are larger than 200 MB in all",
  ],
  IMPORT_PICTURE_NOT_FOUND: [
    "Arhiva nu are poza ofertei utilajului: <dosar>/01-antet.<tip>, dosarul numit ca modelul (litere mici, cratime in loc de spatii)",
    "The archive has no offer photo for the machine: <folder>/01-antet.<type>, the folder named as the model (lower case, hyphens for spaces)",
  ],
  IMPORT_FILE_UNREADABLE: [
    "Fisierul nu poate fi citit ca foaie de calcul .xlsx",
    "The file cannot be read as an .xlsx spreadsheet",
  ],
  IMPORT_FILE_MACROS: [
    "Fisierul contine macrocomenzi: salvati-l ca .xlsx obisnuit",
    "The file contains macros: save it as a plain .xlsx",
  ],
  IMPORT_FILE_EXTERNAL_LINKS: [
    "Fisierul are legaturi catre alte fisiere: copiati valorile si stergeti legaturile",
    "The file links to other files: paste the values and remove the links",
  ],
  IMPORT_FILE_TOO_HEAVY: [
    "Fisierul nu a putut fi citit in limitele de timp si de memorie ale importului: impartiti-l in fisiere mai mici",
    "The file could not be read within the import's time and memory limits: split it into smaller files",
  ],
  IMPORT_FILE_ZIP_BOMB: [
    "Fisierul se desface in prea multe date pentru o foaie de calcul",
    "The file unpacks into too much data for a spreadsheet",
  ],
  IMPORT_CSV_ENCODING: [
    "Fisierul CSV nu este in UTF-8: salvati-l ca „CSV UTF-8”",
    'The CSV file is not in UTF-8: save it as "CSV UTF-8"',
  ],
  IMPORT_TOO_MANY_ROWS: ["Fisierul are mai mult de 5.000 de randuri", "The file has more than 5,000 rows"],
  IMPORT_NO_SHEET: [
    "Nicio foaie nu are coloanele exportului (id, Categorie, Model)",
    "No sheet has the export's columns (id, Categorie, Model)",
  ],
  IMPORT_CELL_FORMULA: ["Celula contine o formula: scrieti valoarea ei", "The cell holds a formula: write its value"],
  IMPORT_UNKNOWN_MACHINE: [
    "Niciun utilaj nu are acest id: lasati celula goala pentru un utilaj nou",
    "No machine has this id: leave the cell empty for a new machine",
  ],
  IMPORT_DUPLICATE_ROW: ["Acelasi utilaj apare de doua ori in fisier", "The same machine appears twice in the file"],
  IMPORT_ROWS_REFUSED: [
    "Fisierul are randuri refuzate: corectati-le si incercati din nou; nimic nu a fost schimbat",
    "The file has refused rows: correct them and try again; nothing was changed",
  ],
  INVALID_IMPORT_CELL_UNIT: [
    "Unitatea scrisa in celula nu este cea a coloanei: scrieti numarul in unitatea din antet",
    "The unit typed in the cell is not the column's: write the figure in the header's unit",
  ],
  ...visitorMessages,
} as const satisfies Record<string, readonly [ro: string, en: string]>;

export type ErrorCode = keyof typeof messages;

export const isErrorCode = (value: unknown): value is ErrorCode => isCodeOf(messages, value);

export const errorMessage = (code: ErrorCode, locale: Locale = "ro"): string => messageOf(messages, code, locale);

/** The error bodies of DESIGN.md § API conventions. */
export interface ValidationErrorBody {
  errors: { msg: ErrorCode; path: string }[];
}
export interface ErrorBody {
  error: { code: ErrorCode; message: string; id?: string };
}
