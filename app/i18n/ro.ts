/**
 * Romanian texts of the public site (the default language). The labels the specification quotes
 * (ACASA, OFERTA, CERETI OFERTA, Refuzati, Acceptati, the banner caption) are kept exactly as quoted.
 * en.ts must have the same keys: its type is this object's type.
 */
export const ro = {
  site: {
    name: "Utilaje Construcții",
    skipToContent: "Salt la conținut",
  },
  meta: {
    home: "Închiriere utilaje construcții în București",
    contact: "Contact",
    offer: "Oferta de utilaje",
    category: "{{category}} de închiriat",
    product: "{{model}} – {{category}}",
    version: "Versiune",
    notFound: "Pagina nu a fost găsită",
  },
  topBar: {
    homeLink: "Utilaje Construcții – pagina principală",
    languages: "Limba site-ului",
    social: "Pagina noastră de Facebook",
  },
  nav: {
    label: "Navigare principală",
    home: "ACASA",
    offer: "OFERTA",
    contact: "CONTACT",
  },
  loading: "Se încarcă pagina…",
  banner: {
    label: "Prezentare utilaje",
    caption: "INCHIRIERE UTILAJE CONSTRUCTII",
    previous: "Imaginea anterioară",
    next: "Imaginea următoare",
    pause: "Opriți derularea imaginilor",
    play: "Porniți derularea imaginilor",
    slide: "{{index}} din {{count}}",
  },
  home: {
    title: "Închiriere utilaje pentru construcții",
    slogan:
      "Utilaje verificate, livrate la timp pe șantierul dumneavoastră, cu operator sau fără. De la excavatoare și încărcătoare până la compactoare și nacele, vă ajutăm să terminați lucrarea la termen.",
    categories: "Ce utilaje închiriem",
    requestOffer: "CERETI OFERTA",
    noCategories: "Oferta de utilaje este în curs de actualizare.",
  },
  catalogue: {
    romanianOnly: "Disponibil doar în limba română.",
    categories: "Categorii de utilaje",
    products: "Utilaje din categoria {{category}}",
    empty: "Momentan nu avem utilaje în această categorie. Sunați-ne pentru o ofertă personalizată.",
    noCategories: "Oferta de utilaje este în curs de actualizare. Reveniți în curând.",
  },
  product: {
    askOffer: "CERETI OFERTA",
    offer: "Ofertă",
    details: "Detalii",
    technicalData: "Date tehnice",
    gallery: "Galerie foto",
    back: "Înapoi la {{category}}",
    backToOffer: "Înapoi la ofertă",
    openPhoto: "Deschideți fotografia {{index}} din {{count}}",
    viewer: "Fotografii {{model}}",
    close: "Închideți galeria",
    previous: "Fotografia anterioară",
    next: "Fotografia următoare",
    position: "Fotografia {{index}} din {{count}}",
  },
  contact: {
    title: "Contact",
    intro:
      "Spuneți-ne ce utilaj vă trebuie, pentru ce lucrare și pe ce perioadă: vă răspundem în aceeași zi lucrătoare cu disponibilitatea și prețul.",
    reachUs: "Ne găsiți aici",
    company: "Date firmă",
    categories: "Ce puteți închiria",
    hours: "Program: luni – vineri 08:00 – 18:00, sâmbătă 08:00 – 13:00",
  },
  contactForm: {
    title: "Cereți o ofertă",
    lead: "Completați formularul și vă contactăm noi. Lăsați cel puțin un e-mail sau un număr de telefon.",
    lastName: "Nume",
    firstName: "Prenume",
    email: "E-mail",
    phone: "Telefon",
    city: "Localitate",
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
  privacy: {
    title: "Politica de Confidențialitate",
    close: "Închideți",
    operatorTitle: "Cine prelucrează datele",
    operator:
      "{{company}} (CUI {{taxId}}, {{register}}), cu sediul în {{address}}, este operatorul datelor pe care ni le trimiteți prin formularul de contact.",
    dataTitle: "Ce date păstrăm și de ce",
    data:
      "Numele și prenumele, adresa de e-mail, telefonul, localitatea, categoriile și utilajul care vă interesează, mesajul dumneavoastră și momentul trimiterii. Le folosim numai pentru a vă răspunde și a vă trimite oferta cerută (art. 6 alin. (1) lit. b din Regulamentul (UE) 2016/679 – GDPR, demersuri înaintea unui contract) și pentru a ne apăra împotriva mesajelor automate (interesul nostru legitim, art. 6 alin. (1) lit. f).",
    retentionTitle: "Cât timp le păstrăm",
    retention:
      "Cererea se șterge automat după {{days}} de zile de la primire, sau mai devreme, la cererea dumneavoastră. Dacă încheiem un contract, datele necesare lui se păstrează cât cere legea pentru documentele contabile.",
    recipientsTitle: "Cine le vede",
    recipients:
      "Doar angajații noștri care răspund cererilor și furnizorul serviciului de e-mail prin care primim mesajul. Nu vindem și nu transmitem datele altor firme și nu le folosim pentru publicitate. Verificarea anti-spam rulează pe serverul nostru, fără servicii terțe.",
    rightsTitle: "Drepturile dumneavoastră",
    rights:
      "Aveți dreptul de acces, de rectificare, de ștergere („dreptul de a fi uitat”), de restricționare, de opoziție și la portabilitatea datelor. Pentru oricare dintre ele, inclusiv pentru ștergerea cererii, scrieți-ne la {{email}} sau la adresa sediului; răspundem în cel mult o lună. Puteți depune o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal (www.dataprotection.ro).",
  },
  contactDetails: {
    address: "Adresă",
    map: "Vedeți adresa pe hartă",
    legalName: "Denumire",
    taxId: "CUI",
    tradeRegister: "Nr. Reg. Com.",
  },
  version: {
    title: "Versiune",
    ui: "Interfață",
    api: "Server (API)",
    version: "Versiune",
    shortHash: "Commit",
    subject: "Descriere",
    authoredOn: "Scris la",
    committedOn: "Publicat la",
    branch: "Ramură",
    tags: "Etichete",
    noTags: "fără etichete",
    unknown: "necunoscut",
  },
  footer: {
    toTop: "Înapoi sus",
  },
  cookies: {
    label: "Acord pentru cookie-uri",
    text: "Folosim cookie-uri pentru a reține limba aleasă și pentru a înțelege cum este folosit site-ul. Ne dați acordul?",
    refuse: "Refuzati",
    accept: "Acceptati",
  },
  notFound: {
    title: "Pagina nu a fost găsită",
    text: "Adresa accesată nu există sau utilajul nu mai este în ofertă.",
    home: "Mergeți la pagina principală",
  },
  error: {
    title: "A apărut o eroare",
    text: "Pagina nu a putut fi afișată. Încercați din nou peste câteva momente.",
  },
  offline: {
    title: "Serverul nu poate fi contactat",
    text: "Serverul nu poate fi contactat. Verificați conexiunea la internet.",
  },
};

export type Dictionary = typeof ro;
