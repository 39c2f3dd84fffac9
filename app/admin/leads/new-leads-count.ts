import { useSyncExternalStore } from "react";
import type { LeadCounts } from "../../../common/leads/lead-schemas.ts";
import { api } from "../api/api-client.ts";

/**
 * The number of new contact requests the menu shows beside 'Cereri oferta'. The shell refreshes it
 * on every navigation (new requests arrive while the administrator works); a status change or a
 * delete refreshes it at once. A failed refresh keeps the last number: the page's own call reports
 * the failure (or the ended session).
 */
let count: number | undefined;
const listeners = new Set<() => void>();

export async function refreshNewLeadsCount(): Promise<void> {
  try {
    const counts = await api.get<LeadCounts>("/api/contact/requests/counts", { quiet: true });
    if (counts.nou === count) return;
    count = counts.nou;
    for (const listener of listeners) listener();
  } catch {
    // Kept as it was (see above).
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNewLeadsCount(): number | undefined {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => undefined,
  );
}
