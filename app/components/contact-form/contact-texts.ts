import type { Locale } from "../../../common/language/language.ts";

/**
 * The contact page's own texts: its form, the quote list's editor and the privacy policy, the search
 * log's part included (decision 060). Its loader sends them in the page's language only, as the
 * filters' and the search's are sent: the dictionaries every page loads carry none of them (decision
 * 056). `{{name}}` parts are filled by fillPlaceholders (app/i18n/translate.ts).
 */
const ro = {
  form: {
    title: "Cereți o ofertă",
    lead: "Completați formularul și vă contactăm noi. Lăsați cel puțin un e-mail sau un număr de telefon.",
    lastName: "Nume",
    firstName: "Prenume",
    email: "E-mail",
    phone: "Telefon",
    city: "Localitate / județ (șantier)",
    categories: "Categorii de utilaje",
    message: "Mesaj",
    offerMessage: "Doresc o ofertă de închiriere pentru {{model}}.",
    offerFor: "Cerere de ofertă pentru {{model}}",
    honeypot: "Nu completați acest câmp",
    acceptPrefix: "Am citit și accept",
    privacyLink: "Politica de Confidențialitate",
    submit: "TRIMITEȚI",
    sending: "Se trimite…",
    invalid: "Verificați câmpurile marcate.",
    sent: "Datele de contact au fost trimise cu succes!",
    alreadySent: "Datele de contact au fost deja trimise!",
    captchaFailed: "Verificarea anti-spam nu a reușit. Încercați din nou.",
    offline: "Serverul nu poate fi contactat. Verificați conexiunea la internet.",
    sentPage: "Mulțumim! Cererea a fost trimisă; vă răspundem în cel mai scurt timp.",
    spentTitle: "Acum nu vă putem primi cererea prin formular",
    spentText:
      "Au fost trimise prea multe cereri fără JavaScript în ultimul timp, așa că formularul le refuză pentru o vreme. Sunați-ne sau scrieți-ne direct; textul dumneavoastră a rămas mai jos:",
    close: "Închideți notificarea",
  },
  list: {
    removeNamed: "Scoateți din cerere: {{model}}",
    title: "Utilajele cerute ({{count}} din {{max}})",
    empty: "Nu ați ales încă utilaje. Le puteți adăuga din paginile ofertei, cu „Adăugați la cerere”.",
    startDate: "Data de început",
    days: "Număr de zile",
    endDate: "sau data de sfârșit",
    units: "Unități",
    operator: "Cu operator",
    gone: "{{model}} nu mai este în oferta noastră și a fost scos din lista dumneavoastră.",
    booked: "Ocupat în următoarele 8 săptămâni: {{days}}",
    noneBooked: "Liber în fiecare zi a următoarelor 8 săptămâni.",
    busy: "Ocupat în perioada aleasă — vă propunem o alternativă.",
  },
  privacy: {
    title: "Politica de Confidențialitate",
    close: "Închideți",
    operatorTitle: "Cine prelucrează datele",
    operator:
      "{{company}} (CUI {{taxId}}, {{register}}), cu sediul în {{address}}, este operatorul datelor pe care ni le trimiteți prin formularul de contact.",
    dataTitle: "Ce date păstrăm și de ce",
    data: "Numele și prenumele, adresa de e-mail, telefonul, localitatea (șantierul), categoriile și utilajele care vă interesează, cu datele și operatorul dorite, mesajul dumneavoastră și momentul trimiterii. Le folosim numai pentru a vă răspunde și a vă trimite oferta cerută (art. 6 alin. (1) lit. b din Regulamentul (UE) 2016/679 – GDPR, demersuri înaintea unui contract) și pentru a ne apăra împotriva mesajelor automate (interesul nostru legitim, art. 6 alin. (1) lit. f).",
    retentionTitle: "Cât timp le păstrăm",
    retention:
      "Cererea se șterge automat după {{days}} de zile de la primire, sau mai devreme, la cererea dumneavoastră. Dacă încheiem un contract, datele necesare lui se păstrează cât cere legea pentru documentele contabile.",
    recipientsTitle: "Cine le vede",
    recipients:
      "Doar angajații noștri care răspund cererilor și furnizorul serviciului de e-mail prin care primim mesajul. Nu vindem și nu transmitem datele altor firme și nu le folosim pentru publicitate. Verificarea anti-spam rulează pe serverul nostru, fără servicii terțe.",
    rightsTitle: "Drepturile dumneavoastră",
    rights:
      "Aveți dreptul de acces, de rectificare, de ștergere („dreptul de a fi uitat”), de restricționare, de opoziție și la portabilitatea datelor. Pentru oricare dintre ele, inclusiv pentru ștergerea cererii, scrieți-ne la {{email}} sau la adresa sediului; răspundem în cel mult o lună. Puteți depune o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal (www.dataprotection.ro).",
    searchesTitle: "Căutările",
    searches:
      "Căutările pe site care nu găsesc nimic le păstrăm doar ca text, cu ziua și numărul lor, {{days}} de zile, ca să aflăm ce utilaje lipsesc: fără adresă IP, cookie sau altceva care să vă identifice. O căutare care conține o adresă de e-mail sau un număr de telefon nu se păstrează deloc.",
  },
};

/** The texts' shape, each a string; English has the same keys. */
export type ContactTexts = {
  readonly [Part in keyof typeof ro]: { readonly [Key in keyof (typeof ro)[Part]]: string };
};

const en: ContactTexts = {
  form: {
    title: "Ask for an offer",
    lead: "Fill in the form and we will contact you. Leave at least an e-mail address or a phone number.",
    lastName: "Last name",
    firstName: "First name",
    email: "E-mail",
    phone: "Phone",
    city: "Town / county (site)",
    categories: "Equipment categories",
    message: "Message",
    offerMessage: "I would like a rental offer for {{model}}.",
    offerFor: "Offer request for {{model}}",
    honeypot: "Do not fill in this field",
    acceptPrefix: "I have read and accept the",
    privacyLink: "Privacy Policy",
    submit: "SEND",
    sending: "Sending…",
    invalid: "Please check the marked fields.",
    sent: "Your contact details were sent successfully!",
    alreadySent: "Your contact details were already sent!",
    captchaFailed: "The anti-spam check did not succeed. Please try again.",
    offline: "The server cannot be reached. Please check your internet connection.",
    sentPage: "Thank you! Your request was sent; we will answer shortly.",
    spentTitle: "We cannot take your request through the form right now",
    spentText:
      "Too many requests were sent without JavaScript lately, so the form refuses them for a while. Please call us or write to us directly; what you typed is still below:",
    close: "Close the notification",
  },
  list: {
    removeNamed: "Remove from request: {{model}}",
    title: "Machines requested ({{count}} of {{max}})",
    empty: "You have not chosen any machines yet. Add them from the offer pages with “Add to request”.",
    startDate: "Start date",
    days: "Number of days",
    endDate: "or end date",
    units: "Units",
    operator: "With operator",
    gone: "{{model}} is no longer in our offer and was removed from your list.",
    booked: "Booked in the next 8 weeks: {{days}}",
    noneBooked: "Free on every day of the next 8 weeks.",
    busy: "Booked in the chosen period — we will propose an alternative.",
  },
  privacy: {
    title: "Privacy Policy",
    close: "Close",
    operatorTitle: "Who processes your data",
    operator:
      "{{company}} (tax id {{taxId}}, {{register}}), registered at {{address}}, is the controller of the data you send us through the contact form.",
    dataTitle: "What we keep and why",
    data: "Your last and first name, e-mail address, phone, town (the site), the categories and machines you are interested in with the wished dates and operator, your message and when you sent it. We use them only to answer you and send the offer you asked for (Art. 6(1)(b) of Regulation (EU) 2016/679 – GDPR, steps before a contract) and to protect ourselves from automated messages (our legitimate interest, Art. 6(1)(f)).",
    retentionTitle: "How long we keep it",
    retention:
      "A request is deleted automatically {{days}} days after it arrives, or earlier if you ask. If we sign a contract, the data it needs is kept as long as the law requires for accounting records.",
    recipientsTitle: "Who sees it",
    recipients:
      "Only our employees who answer requests, and the provider of the e-mail service through which we receive the message. We do not sell or pass the data to other companies and do not use it for advertising. The anti-spam check runs on our own server, without third-party services.",
    rightsTitle: "Your rights",
    rights:
      "You have the right of access, rectification, erasure (the “right to be forgotten”), restriction, objection and data portability. For any of them, including deleting your request, write to {{email}} or to our registered address; we answer within one month. You may lodge a complaint with the Romanian data protection authority, ANSPDCP (www.dataprotection.ro).",
    searchesTitle: "Searches",
    searches:
      "Site searches that find nothing are kept as their text alone, with the day and their count, for {{days}} days, to learn which machines we lack: no IP address, cookie or anything else that identifies you. A search holding an e-mail address or a phone number is not kept at all.",
  },
};

export const CONTACT_TEXTS: Record<Locale, ContactTexts> = { ro, en };
