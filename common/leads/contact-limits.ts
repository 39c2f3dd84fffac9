/**
 * Bounds on what a visitor may send through the contact form: the form shows them (maxLength) and the
 * API refuses anything longer (common/leads/contact-schema.ts). Apart from the schema so the form's markup
 * can use them without loading zod, which the page loads only once the form is used.
 */
export const CONTACT_LIMITS = {
  lastName: 100,
  firstName: 100,
  email: 254,
  phone: 30,
  city: 100,
  categories: 1000,
  message: 5000,
  captcha: 8000,
} as const;
