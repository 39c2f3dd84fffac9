import { useCallback, useEffect, useRef, useState } from "react";
import type { OfferPrefill } from "../../../common/leads/contact-page-data.ts";
import { readMachine, type ListedMachine, type QuoteList } from "../../lib/quote-list.ts";
import {
  addToQuoteList,
  quoteList,
  removeFromQuoteList,
  updateFromCatalogue,
  useQuoteList,
} from "../../lib/quote-list-store.ts";

/**
 * GET /api/contact/machines: the machines of `ids` the catalogue still has, as they are now; null
 * when it cannot be asked.
 */
async function catalogueMachines(ids: readonly string[], signal: AbortSignal): Promise<ListedMachine[] | null> {
  const response = await fetch(`/api/contact/machines?ids=${ids.map(encodeURIComponent).join(",")}`, { signal });
  if (!response.ok) return null;
  const body = (await response.json()) as { machines?: unknown };
  if (!Array.isArray(body.machines)) return null;
  return body.machines.map(readMachine).filter((machine): machine is ListedMachine => machine !== null);
}

export interface ContactQuoteList {
  /** Null until the page is hydrated (the list lives in the browser). */
  list: QuoteList | null;
  /** Machines taken out of the list because the catalogue no longer has them, to say so. */
  gone: readonly ListedMachine[];
  /** Takes out machines the server refused as no longer in the offer. */
  dropGone(machines: readonly ListedMachine[]): void;
  /** Whether the form's own machine (?product=) did not fit in a full list, so it is sent beside it. */
  prefillLeftOut: boolean;
}

/**
 * The quote list as /contact uses it: the machine of a 'CERETI OFERTA' link (?product=) put first in
 * it, then every machine checked against the catalogue, so names follow it and deleted machines
 * leave the list with a notice. Runs again when the page's data is loaded again (a language change).
 */
export function useContactQuoteList(prefill: OfferPrefill | null): ContactQuoteList {
  const list = useQuoteList();
  const [gone, setGone] = useState<readonly ListedMachine[]>([]);
  const [prefillLeftOut, setPrefillLeftOut] = useState(false);
  // Added once per form (a new ?product= is a new form): the page's data loaded again after a language
  // change must not bring back a machine the visitor has taken out since.
  const prefillAdded = useRef(false);

  useEffect(() => {
    if (prefill && !prefillAdded.current) {
      prefillAdded.current = true;
      // Its category's English name and its page come with the catalogue's answer below.
      const category = prefill.category === null ? null : { name: prefill.category, name_en: "" };
      setPrefillLeftOut(
        addToQuoteList({ id: prefill.product, model: prefill.model, category, path: "" }, "first") === "full",
      );
    }
    const asked = quoteList().map((item) => item.machine.id);
    if (asked.length === 0) return;
    const controller = new AbortController();
    catalogueMachines(asked, controller.signal).then(
      (machines) => {
        if (!machines) return;
        const removed = updateFromCatalogue(asked, machines);
        if (removed.length > 0) setGone((shown) => [...shown, ...removed]);
      },
      // Offline or left: the list stays as stored, and the server checks it when it is sent.
      () => undefined,
    );
    return () => controller.abort();
  }, [prefill]);

  const dropGone = useCallback((machines: readonly ListedMachine[]) => {
    removeFromQuoteList(machines.map((machine) => machine.id));
    setGone((shown) => [...shown, ...machines]);
  }, []);

  return { list, gone, dropGone, prefillLeftOut };
}
