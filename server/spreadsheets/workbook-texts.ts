import { ENGLISH_MARK, ID_HEADER, NO, UNITS_HEADER, YES } from "./catalogue-columns.ts";
import { CELL_TEXT_MAX_LENGTH } from "./rich-text-cell.ts";
import { PRICE_COLUMNS, PRICE_NO, PRICE_YES } from "./price-columns.ts";

/** The texts of the workbook's own sheets, in Romanian as the admin's screens. */

export const README_SHEET = "Citiți-mă";
export const NOTE_SHEET = "Note";

export const README_LINES: readonly string[] = [
  "Catalogul de utilaje, exportat din administrarea site-ului.",
  "",
  "Cum este asezat",
  "- O foaie pentru fiecare categorie (numele ei in fila foii), un rand pentru fiecare utilaj.",
  `- Coloana „${ID_HEADER}” leaga randul de utilajul din site: nu o schimbati. Un rand fara id este un utilaj nou.`,
  `- Textele (antetul ofertei, detaliile, datele tehnice) sunt in romana, iar coloanele cu „${ENGLISH_MARK.trim()}” in engleza: paragrafele despartite de un rand gol, elementele unei liste pe randuri care incep cu „- ”, celulele unui tabel despartite de „ | ”.`,
  "- Fiecare specificatie a categoriei are coloana ei, cu unitatea in antet (de exemplu „Masă operațională (kg)”): scrieti doar numarul, cu virgula sau cu punct pentru zecimale.",
  `- O optiune se scrie cu numele ei in romana, exact ca in site; da / nu se scriu „${YES}” sau „${NO}”. O celula goala inseamna fara valoare.`,
  `- Coloana „${UNITS_HEADER}” are numarul de bucati ale utilajului in flota (0 = la cerere); goala, pastreaza ce este in site (un utilaj nou are 1).`,
  `- Coloanele „${PRICE_COLUMNS.map((column) => column.header).join("”, „")}” au preturile utilajului, fara TVA, in moneda site-ului: un numar cu cel mult doua zecimale (de exemplu 450 sau 450,50); garantia se afiseaza, nu se adauga la pret; „Zile minime” este un numar intreg de la 1 la 366; „Pret la cerere” se scrie „${PRICE_YES}” sau „${PRICE_NO}”. O celula goala pastreaza ce este in site.`,
  "- Un text care incepe cu = + - @ are un apostrof in fata, ca foaia sa nu-l citeasca drept formula; apostroful se scoate la import.",
  "",
  "Cum il importati inapoi",
  "- Modificati celulele, adaugati randuri pentru utilaje noi, salvati ca .xlsx (sau ca .csv, o categorie pe fisier, in UTF-8).",
  "- Un utilaj nou intra in site cu pozele lui: folositi exportul ZIP cu poze, puneti foaia modificata inapoi in arhiva (catalog.xlsx) si adaugati un dosar numit ca modelul utilajului, cu litere mici si cratime in loc de spatii (modelul „CAT 320 GC” are dosarul „cat-320-gc”), cu poza ofertei „01-antet.jpg” si galeria „02-galerie.jpg”, „03-galerie.jpg”… (jpg, png, webp, gif sau bmp, cel mult 5 MB fiecare, 200 MB toate). Importati apoi arhiva .zip.",
  "- Pozele utilajelor care sunt deja in site nu se schimba prin import, chiar daca dosarul lor din arhiva are alte poze: schimbati-le din formularul utilajului.",
  "- In administrare, la Produse, alegeti „Importați” si fisierul: vedeti intai, rand cu rand, ce s-ar schimba, si nimic nu se scrie pana nu confirmati.",
  "- Un rand sters din foaie nu sterge utilajul: stergerea se face din administrare.",
  "- Ce nu se poate scrie intr-o foaie de calcul este explicat in foaia „Note”.",
];

export const NOTE_LINES: readonly string[] = [
  "Ce nu trece printr-o foaie de calcul",
  "",
  "- Formatarea textelor (ingrosat, cursiv, titluri, aliniere) nu apare in celule; un text importat primeste paragrafe si liste simple.",
  "- Legaturile din texte pastreaza doar cuvintele lor, fara adresa; imaginile din texte nu apar.",
  "- Un tabel dintr-un text devine randuri cu celulele despartite de „ | ”.",
  `- O celula tine cel mult ${CELL_TEXT_MAX_LENGTH.toLocaleString("ro-RO")} de caractere: un text mai lung este taiat acolo; modificati-l din formularul utilajului.`,
  "- Pozele utilajelor nu sunt in foaie: exportul ZIP le pune alaturi, intr-un dosar pentru fiecare utilaj (numit ca in adresa paginii lui): 01-antet este poza ofertei, urmata de galerie.",
  "- Utilajele fara categorie (a caror categorie a fost stearsa) nu sunt in export: fiecare rand isi numeste categoria, iar un rand fara categorie nu ar putea fi importat inapoi. Alegeti-le intai o categorie, din formularul lor.",
];
