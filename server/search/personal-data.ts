/**
 * What a visitor may type into the search box that says who they are rather than what they look
 * for: an e-mail address, a phone number, an identity or account number. A search holding one is
 * not kept in the log of searches without results: the log is for machines the company lacks.
 */

/** Anything around an @ with a dot after it: `ion.popescu@example.ro`, also half-typed as `ion@gmail.`. */
const EMAIL = /[^\s@]+@[^\s@]*\./u;

/** A run of digits with the separators a phone number is written with: `0722 123 456`, `+40 (21) 123.45.67`. */
const DIGIT_RUN = /\+?\(?\d[\d\s().\-/]*\d/gu;

/**
 * The digits of a run that make it personal: a Romanian phone number has 10 (7 without its area
 * code), a CNP 13, an account number more; a machine's models and figures have at most 6 together
 * (`PC210LC-11`, `BW 120 AD-5`, `3020`, `120 000 kg`).
 */
const PERSONAL_DIGITS = 7;

/** Whether a search, as the visitor typed it, holds any of them. */
export function holdsPersonalData(text: string): boolean {
  if (EMAIL.test(text)) return true;
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    if (run.replace(/\D/g, "").length >= PERSONAL_DIGITS) return true;
  }
  return false;
}
