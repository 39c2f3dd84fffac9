// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/**
 * One line of text: line breaks and other control characters become spaces, runs of spaces one, so
 * no header can be smuggled in (a contact form's names, a mail's subject).
 */
export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ").replace(/ {2,}/g, " ").trim();
}
