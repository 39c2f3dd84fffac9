/**
 * What a visitor may type into the search box that says who they are rather than what they look
 * for: an e-mail address, a phone number, an identity or account number. A search holding one is
 * not kept in the log of searches without results: the log is for machines the company lacks.
 */

/** Anything around an @ with a dot after it: `ion.popescu@example.ro`, also half-typed as `ion@gmail.`. */
const EMAIL = /[^\s@]+@[^\s@]*\./u;

/** A run of digits with the separators a phone number is written with: `0722 123 456`, `+40 (21) 123.45.67`. */
const DIGIT_RUN = /\+?\(?\d[\d\s()./\p{Pd}]*\d/gu;

/** `(at)`, `[at]`, `{at}` as an e-mail address is written to escape a harvester; `(dot)` likewise. */
const SPELLED_AT = /\s*[([{]\s*at\s*[)\]}]\s*/giu;
const SPELLED_DOT = /\s*[([{]\s*dot\s*[)\]}]\s*/giu;

/** A decimal digit of any script (Arabic-Indic, Devanagari, mathematical bold…). */
const ANY_DIGIT = /\p{Nd}/gu;
const IS_DIGIT = /^\p{Nd}$/u;

/**
 * A digit's value: Unicode encodes every script's decimal digits in contiguous runs of ten, 0 to 9,
 * so it is its distance from the start of its run, modulo ten.
 */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  let start = code;
  while (IS_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/**
 * The text as a person reads it: compatibility forms folded (NFKC: a fullwidth `＠` or `０７２２` is
 * `@` and `0722`), every script's digits as ASCII ones, `(at)` and `(dot)` as `@` and `.`.
 */
function asRead(text: string): string {
  return text
    .normalize("NFKC")
    .replace(ANY_DIGIT, (digit) => (digit >= "0" && digit <= "9" ? digit : digitValue(digit)))
    .replace(SPELLED_AT, "@")
    .replace(SPELLED_DOT, ".");
}

/**
 * The digits of a run that make it personal: a Romanian phone number has 10 (7 without its area
 * code), a CNP 13, an account number more; a machine's models and figures have at most 6 together
 * (`PC210LC-11`, `BW 120 AD-5`, `3020`, `120 000 kg`).
 */
const PERSONAL_DIGITS = 7;

/** Whether a search, as the visitor typed it, holds any of them, however it is written. */
export function holdsPersonalData(typed: string): boolean {
  const text = asRead(typed);
  if (EMAIL.test(text)) return true;
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    if (run.replace(/\D/g, "").length >= PERSONAL_DIGITS) return true;
  }
  return false;
}
