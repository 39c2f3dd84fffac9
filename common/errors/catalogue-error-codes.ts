import type { MessageTable } from "./message-table.ts";

/**
 * The catalogue's codes, each in Romanian and English: spec §8's for categories, machines, their
 * pictures, the banner pictures and the configuration, then the cases it does not name (messages of
 * spec §5 where it gives them): the fields' rules, the edit version (decision 068), English content.
 */
export const catalogueMessages = {
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
  REQUIRED_CATEGORY_NAME: ["Numele este obligatoriu", "The name is required"],
  INVALID_CATEGORY_NAME: ["Numele contine caractere nepermise", "The name contains characters that are not allowed"],
  RESERVED_CATEGORY_NAME: [
    "Numele este rezervat de adresele site-ului (category, details, edit): alegeti alt nume",
    "The name is reserved by the site's addresses (category, details, edit): choose another name",
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
} as const satisfies MessageTable;
