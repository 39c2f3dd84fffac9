/** The contact Configurare needs before it takes any other setting, with `office` as its e-mail. */
export const officeContact = (office = "oferte@utilaje.test") => [
  { key: "contact_mail_to", value: office },
  { key: "contact_mail_subject", value: "Cerere" },
  { key: "contact_phone", value: "0722000111" },
];
