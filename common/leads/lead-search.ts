import { foldForSearch } from "../text/search-folding.ts";

/**
 * How the leads inbox searches: a request is found by any part of its name, e-mail, phone
 * or city, whatever the case and with or without diacritics ('stefan' finds 'Ștefan': people type
 * Romanian without them), and by its phone number written with or without separators.
 */

/** A phone number written with separators ('0722 123-456', '+40 (21) 123.45.67'): its digits alone. */
const PHONE_LIKE = /^[+(]?\d[\d\s().\-/]*$/;

/** What is stored beside a request and searched: its folded fields, and its phone's digits alone. */
export function leadSearchText(fields: {
  last_name: string;
  first_name: string;
  email: string;
  phone: string;
  city: string;
}): string {
  const digits = fields.phone.replace(/\D/g, "");
  return foldForSearch(
    [fields.last_name, fields.first_name, fields.email, fields.phone, fields.city, digits].join(" "),
  );
}

/** The words a stored request's search text must each contain; a phone-like word counts by its digits. */
export function leadSearchWords(query: string): string[] {
  const folded = foldForSearch(query);
  if (folded === "") return [];
  // A whole query that looks like a phone number ('0722 123 456') is one number, not three words.
  if (PHONE_LIKE.test(folded)) return [folded.replace(/\D/g, "")];
  return folded.split(" ");
}
