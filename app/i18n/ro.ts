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
    compare: "Comparație utilaje",
    version: "Versiune",
    search: "Căutare",
    notFound: "Pagina nu a fost găsită",
  },
  topBar: {
    homeLink: "Utilaje Construcții – pagina principală",
    languages: "Limba site-ului",
    social: "Pagina noastră de Facebook",
  },
  search: {
    label: "Căutați un utilaj",
    submit: "Căutați",
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
    specifications: "Specificații",
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
  quoteList: {
    add: "Adăugați la cerere",
    remove: "Scoateți din cerere",
    added: "{{model}} este în cerere ({{count}} din {{max}}).",
    removed: "{{model}} a fost scos din cerere.",
    full: "Cererea are deja {{max}} utilaje, cât încap într-una. Trimiteți-o sau scoateți un utilaj.",
    link: "Lista de cerere",
    linkEmpty: "Lista de cerere: niciun utilaj",
    linkOne: "Lista de cerere: 1 utilaj",
    linkMany: "Lista de cerere: {{count}} utilaje",
  },
  compare: {
    add: "Comparați",
    remove: "Scoateți din comparație",
    added: "{{model}} este în comparație ({{count}} din {{max}}).",
    removed: "{{model}} a fost scos din comparație.",
    full: "Comparați cel mult {{max}} utilaje deodată.",
    link: "Comparație",
    linkCount: "Comparație: {{count}} din {{max}} utilaje",
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
    text: "Folosim cookie-uri doar pentru a reține limba aleasă și acest răspuns; nu măsurăm nimic. Ne dați acordul?",
    refuse: "Refuzati",
    accept: "Acceptati",
  },
  notFound: {
    title: "Pagina nu a fost găsită",
    text: "Adresa accesată nu există sau utilajul nu mai este în ofertă.",
    home: "Mergeți la pagina principală",
  },
  gone: {
    title: "Utilajul nu mai este în ofertă",
    text: "{{model}} a fost retras din ofertă. Vedeți utilajele asemănătoare sau cereți-ne o ofertă.",
    category: "Vedeți utilajele din categorie",
    contact: "Cereți o ofertă",
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
