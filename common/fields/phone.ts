/** Digits of a phone number shown in groups of 4, 3 and 3 (spec §2 footer), e.g. '0722 123 456'. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\s+/g, "");
  if (!/^\d{10}$/.test(digits)) return phone.trim();
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
}

/** The value of a tel: link: no spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, "")}`;
}
