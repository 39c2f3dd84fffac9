import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { UNEXPECTED_ERROR } from "../ui/texts.ts";
import { toast } from "../ui/toasts.ts";
import { ApiError, SessionEnded } from "./api-client.ts";

/** Runs `action` unless one is already running; resolves true when it completed (see useApiAction). */
export type RunAction = (action: () => Promise<void>, onApiError?: (error: ApiError) => void) => Promise<boolean>;

/**
 * Runs what a button does (save, delete, log out) so that it is sent once: while an action runs,
 * further calls are ignored (a double-click saves once) and `pending` is true (disable the button,
 * show its loader). API failures were already shown by the API client; an ended session goes to
 * the login page. `onApiError` lets a form put the server's field codes next to its fields.
 * Resolves true when the action completed.
 */
export function useApiAction(): { run: RunAction; pending: boolean } {
  const navigate = useNavigate();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>, onApiError?: (error: ApiError) => void) => {
      if (running.current) return false;
      running.current = true;
      setPending(true);
      try {
        await action();
        return true;
      } catch (error) {
        if (error instanceof SessionEnded) await navigate(error.loginUrl, { replace: true });
        else if (error instanceof ApiError) onApiError?.(error);
        else {
          toast.error(UNEXPECTED_ERROR);
          throw error;
        }
        return false;
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [navigate],
  );
  return { run, pending };
}
