import type { Locale } from "../language/language.ts";

/**
 * The contact form's fields as the shared schema reads them (common/leads/contact-schema.ts), from the
 * form's data: one mapping for the browser's check and for the page's action. The chosen category
 * boxes are joined with ', ' (spec §3); the privacy box is checked when sent as 'on'.
 */
export function contactFieldsOf(form: FormData, lang: Locale) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    lastName: text("lastName"),
    firstName: text("firstName"),
    email: text("email"),
    phone: text("phone"),
    city: text("city"),
    categories: form
      .getAll("categories")
      .filter((value): value is string => typeof value === "string")
      .join(", "),
    message: text("message"),
    check: text("check") === "on",
    product: text("product") || undefined,
    lang,
    website: text("website") || undefined,
  };
}
