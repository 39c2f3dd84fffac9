import type { ConfigurationEntry } from "../../common/catalogue/catalogue-views.ts";
import type { ConfigurationKey } from "../../common/schemas/configuration-keys.ts";

/** The contact channels of the configuration (spec §3): the primary group first, then the optional second. */
export interface ContactInfo {
  phones: string[];
  emails: string[];
}

export function contactInfo(entries: readonly ConfigurationEntry[]): ContactInfo {
  const value = (key: ConfigurationKey) => entries.find((entry) => entry.key === key)?.value.trim() ?? "";
  return {
    phones: [value("contact_phone"), value("contact_phone_second")].filter(Boolean),
    emails: [value("contact_mail_to"), value("contact_mail_to_second")].filter(Boolean),
  };
}
