/**
 * The company's legal identity, shown in the footer and on the contact page. Phones and e-mails are
 * not here: they come from the configuration the administrator edits (spec §2, §3).
 */
export const COMPANY = {
  legalName: "SC Utilaje Constructii SRL",
  taxId: "RO 31457826",
  tradeRegister: "J40/4821/2013",
  address: "Bd. Theodor Pallady nr. 51, Sector 3, București 032258",
  /** The same address in parts, for search engines (schema.org PostalAddress). */
  postalAddress: {
    streetAddress: "Bd. Theodor Pallady nr. 51, Sector 3",
    addressLocality: "București",
    postalCode: "032258",
    addressCountry: "RO",
  },
  mapsUrl: "https://www.google.com/maps/search/?api=1&query=Bd.+Theodor+Pallady+51%2C+Bucure%C8%99ti",
  socialUrl: "https://www.facebook.com/utilajeconstructii",
} as const;
