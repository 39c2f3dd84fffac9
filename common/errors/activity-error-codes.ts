import type { MessageTable } from "./message-table.ts";

/**
 * The activity log's codes (decision 073), each in Romanian and English: its filters.
 */
export const activityMessages = {
  INVALID_ACTIVITY_ACTION: ["Actiunea aleasa nu este valida", "The chosen action is not valid"],
  INVALID_ACTIVITY_KIND: ["Tipul ales nu este valid", "The chosen kind is not valid"],
  INVALID_ACTIVITY_USER: ["Utilizatorul ales nu este valid", "The chosen user is not valid"],
  INVALID_ACTIVITY_DATE: ["Data nu este valida (AAAA-LL-ZZ)", "The date is not valid (YYYY-MM-DD)"],
  INVALID_ACTIVITY_OFFSET: [
    "Pagina nu este valida: jurnalul se citeste pana la 10000 de intrari in urma; restrangeti filtrul",
    "The page is not valid: the log is read up to 10000 entries back; narrow the filter",
  ],
} as const satisfies MessageTable;
