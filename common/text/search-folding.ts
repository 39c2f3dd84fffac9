/**
 * Text as the searches compare it (the leads inbox, the site's search): whatever the case and with or
 * without diacritics ('stefan' finds 'Ștefan': people type Romanian without them).
 */

/** Lower-case, diacritics removed (ș, ş, ț, ţ, ă, â, î, é, ...), runs of whitespace as one space. */
export function foldForSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Mark}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
