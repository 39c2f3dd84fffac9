/** The configuration keys of spec §3; keys containing 'second' form the second contact group. */
export const CONFIGURATION_KEYS = [
  "contact_mail_to",
  "contact_mail_subject",
  "contact_phone",
  "contact_mail_to_second",
  "contact_phone_second",
] as const;

export type ConfigurationKey = (typeof CONFIGURATION_KEYS)[number];

export function isSecondContactKey(key: string): boolean {
  return key.includes("second");
}
