import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { isAuthenticated } from "../session/token-store.ts";
import { confirm } from "../ui/confirm.ts";
import { LEAVE_GUARD } from "../ui/texts.ts";

/**
 * The leave guard of spec §2/§4 for add, edit and configuration forms. While `unsaved` (the form
 * is touched and dirty), leaving for another page asks 'Sunteti sigur?' and closing or reloading
 * the tab gets the browser's own warning. Call `allowLeave()` once the form is saved (the spec's
 * submitted flag), before navigating away. An ended session never blocks: nothing could be saved.
 */
export function useLeaveGuard(unsaved: boolean): { allowLeave: () => void } {
  const submitted = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !submitted.current && isAuthenticated() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let current = true;
    void confirm(LEAVE_GUARD).then((leave) => {
      if (current) (leave ? blocker.proceed : blocker.reset)();
    });
    return () => {
      current = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitted.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const allowLeave = useCallback(() => {
    submitted.current = true;
  }, []);
  return { allowLeave };
}
