import type { Dictionary } from "./ro.ts";

/** English texts of the public site; the keys are those of ro.ts. */
export const en: Dictionary = {
  site: {
    name: "Construction Equipment",
    skipToContent: "Skip to content",
  },
  meta: {
    home: "Construction equipment rental in Bucharest",
    contact: "Contact",
    offer: "Equipment offer",
    category: "{{category}} for rent",
    product: "{{model}} – {{category}}",
    version: "Version",
    notFound: "Page not found",
  },
  topBar: {
    homeLink: "Construction Equipment – home page",
    languages: "Site language",
    social: "Our Facebook page",
  },
  nav: {
    label: "Main navigation",
    home: "HOME",
    offer: "OFFER",
    contact: "CONTACT",
  },
  loading: "Loading the page…",
  banner: {
    label: "Equipment showcase",
    caption: "CONSTRUCTION EQUIPMENT RENTAL",
    previous: "Previous picture",
    next: "Next picture",
    pause: "Pause the pictures",
    play: "Play the pictures",
    slide: "{{index}} of {{count}}",
  },
  home: {
    title: "Construction equipment for rent",
    slogan:
      "Well-kept machines delivered on time to your site, with or without an operator. From excavators and loaders to compactors and boom lifts, we help you finish the job on schedule.",
    categories: "What we rent out",
    requestOffer: "REQUEST AN OFFER",
    noCategories: "Our equipment offer is being updated.",
  },
  catalogue: {
    categories: "Equipment categories",
    products: "Equipment in {{category}}",
    empty: "There is no equipment in this category right now. Call us for a tailored offer.",
    noCategories: "Our equipment offer is being updated. Please come back soon.",
  },
  product: {
    offer: "Offer",
    details: "Details",
    technicalData: "Technical data",
    gallery: "Photo gallery",
    back: "Back to {{category}}",
    backToOffer: "Back to the offer",
    openPhoto: "Open photo {{index}} of {{count}}",
    viewer: "Photos of {{model}}",
    close: "Close the gallery",
    previous: "Previous photo",
    next: "Next photo",
    position: "Photo {{index}} of {{count}}",
  },
  contact: {
    title: "Contact",
    intro:
      "Tell us which machine you need, for what job and for how long: we answer the same working day with availability and price.",
    reachUs: "Where to find us",
    company: "Company details",
    categories: "What you can rent",
    hours: "Opening hours: Monday – Friday 08:00 – 18:00, Saturday 08:00 – 13:00",
  },
  contactDetails: {
    address: "Address",
    map: "See the address on a map",
    legalName: "Company",
    taxId: "Tax ID (CUI)",
    tradeRegister: "Trade register no.",
  },
  version: {
    title: "Version",
    ui: "Interface",
    api: "Server (API)",
    version: "Version",
    shortHash: "Commit",
    subject: "Description",
    authoredOn: "Authored on",
    committedOn: "Committed on",
    branch: "Branch",
    tags: "Tags",
    noTags: "no tags",
    unknown: "unknown",
  },
  footer: {
    toTop: "Back to top",
  },
  cookies: {
    label: "Cookie consent",
    text: "We use cookies to remember your language and to understand how the site is used. Do you agree?",
    refuse: "Refuse",
    accept: "Accept",
  },
  notFound: {
    title: "Page not found",
    text: "The address does not exist or the machine is no longer on offer.",
    home: "Go to the home page",
  },
  error: {
    title: "Something went wrong",
    text: "The page could not be shown. Please try again in a few moments.",
  },
  offline: {
    title: "The server cannot be contacted",
    text: "The server cannot be contacted. Check your internet connection.",
  },
};
