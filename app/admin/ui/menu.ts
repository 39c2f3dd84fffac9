import {
  IconBulldozer,
  IconCalendarEvent,
  IconCategory,
  IconFileInvoice,
  IconChartBar,
  IconHeartbeat,
  IconHistory,
  IconInbox,
  IconPhoto,
  IconSearchOff,
  IconSettings,
  IconShieldLock,
  IconTrash,
  IconUser,
  type Icon,
} from "@tabler/icons-react";

/**
 * The side menu of spec §2, in its order, then the leads inbox the specification lacks
 * (docs/decisions/031-the-leads-inbox-a-folded-search-column-erasure.md; its entry shows the count of new requests),
 * its demand overview, the site's searches without results (decision 060), the trash (decision 074) and the
 * activity log (decision 073), the site's state (decision 087), the person's second factor and sessions
 * (Securitate, decision 092) and the offers (decision 094);
 * Deconectare follows as a button.
 */
export const ADMIN_MENU: readonly { label: string; to: string; icon: Icon; counter?: "newLeads" }[] = [
  { label: "Profil", to: "/admin/main/profile", icon: IconUser },
  { label: "Categorii produse", to: "/admin/main/categories", icon: IconCategory },
  { label: "Utilaje", to: "/admin/main/products", icon: IconBulldozer },
  { label: "Poze banner", to: "/admin/main/banner", icon: IconPhoto },
  { label: "Configurare", to: "/admin/main/configuration", icon: IconSettings },
  { label: "Cereri oferta", to: "/admin/main/leads", icon: IconInbox, counter: "newLeads" },
  { label: "Oferte", to: "/admin/main/oferte", icon: IconFileInvoice },
  { label: "Planificare", to: "/admin/main/planificare", icon: IconCalendarEvent },
  { label: "Analiza cererilor", to: "/admin/main/demand", icon: IconChartBar },
  { label: "Căutări fără rezultat", to: "/admin/main/search-misses", icon: IconSearchOff },
  { label: "Cos", to: "/admin/main/cos", icon: IconTrash },
  { label: "Jurnal", to: "/admin/main/jurnal", icon: IconHistory },
  { label: "Stare", to: "/admin/main/stare", icon: IconHeartbeat },
  { label: "Securitate", to: "/admin/main/securitate", icon: IconShieldLock },
];
