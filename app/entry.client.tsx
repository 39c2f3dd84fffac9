import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { toLanguage } from "../common/language/language.ts";
import { loadLanguage } from "./i18n/translate.ts";
import { yieldToBrowser } from "./lib/yield-to-browser.ts";

/*
 * React Router's own client entry (a transition, so React renders the hydration in slices and yields
 * between them), with one step before it: the page's modules have just been evaluated, in one task;
 * hydration starts in the next, so the two never add up to one long task (decision 056). The page's
 * language's dictionary arrives meanwhile: the page was rendered in it.
 */
await Promise.all([loadLanguage(toLanguage(document.documentElement.lang)), yieldToBrowser()]);
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
