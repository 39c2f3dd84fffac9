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
  IconUsersGroup,
  type Icon,
} from "@tabler/icons-react";
import type { Right } from "../../../common/team/roles.ts";

/**
 * The side menu of spec §2, in its order, then the leads inbox the specification lacks
 * (docs/decisions/031-the-leads-inbox-a-folded-search-column-erasure.md; its entry shows the count of new requests),
 * its demand overview, the site's searches without results (decision 060), the trash (decision 074) and the
 * activity log (decision 073), the site's state (decision 087), the person's second factor and sessions
 * (Securitate, decision 092), the offers (decision 094) and the team (decision 091);
 * Deconectare follows as a button. Each entry names the right its screen needs: the shell shows a role only
 * the entries it can use.
 */
export const ADMIN_MENU: readonly { label: string; to: string; icon: Icon; right: Right; counter?: "newLeads" }[] = [
  { label: "Profil", to: "/admin/main/profile", icon: IconUser, right: "account" },
  { label: "Categorii produse", to: "/admin/main/categories", icon: IconCategory, right: "catalogue.read" },
  { label: "Utilaje", to: "/admin/main/products", icon: IconBulldozer, right: "catalogue.read" },
  { label: "Poze banner", to: "/admin/main/banner", icon: IconPhoto, right: "catalogue.write" },
  { label: "Configurare", to: "/admin/main/configuration", icon: IconSettings, right: "configuration" },
  { label: "Cereri oferta", to: "/admin/main/leads", icon: IconInbox, right: "leads", counter: "newLeads" },
  { label: "Oferte", to: "/admin/main/oferte", icon: IconFileInvoice, right: "offers" },
  { label: "Planificare", to: "/admin/main/planificare", icon: IconCalendarEvent, right: "bookings" },
  { label: "Analiza cererilor", to: "/admin/main/demand", icon: IconChartBar, right: "leads" },
  { label: "Căutări fără rezultat", to: "/admin/main/search-misses", icon: IconSearchOff, right: "catalogue.read" },
  { label: "Cos", to: "/admin/main/cos", icon: IconTrash, right: "catalogue.write" },
  { label: "Jurnal", to: "/admin/main/jurnal", icon: IconHistory, right: "activity" },
  { label: "Stare", to: "/admin/main/stare", icon: IconHeartbeat, right: "status" },
  { label: "Securitate", to: "/admin/main/securitate", icon: IconShieldLock, right: "account" },
  { label: "Echipa", to: "/admin/main/echipa", icon: IconUsersGroup, right: "team" },
];

/**
 * The right a screen of the shell needs (decision 091): its menu entry's (a form under its list's
 * address, e.g. /admin/main/products/edit/…, goes with the list); "account" for an address no entry
 * claims (the not-found screen).
 */
export function screenRight(pathname: string): Right {
  const entry = ADMIN_MENU.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  return entry?.right ?? "account";
}
