import { modals } from "@mantine/modals";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { SessionEnded } from "../api/api-client.ts";
import { SESSION_EXPIRY } from "../ui/texts.ts";
import { rejectSession, renewSession } from "./auth.ts";
import { watchSessionExpiry } from "../session/expiry-watch.ts";
import { LOGIN_PATH } from "../session/login-url.ts";

const MODAL_ID = "session-expiry";

/**
 * Spec §4: 5 minutes before the access token expires, a dialog offers to stay connected (refresh,
 * store the new pair) or to disconnect (reject, clear, login). Shown once per token; mounted by
 * the guarded shell so it runs on every page behind the login.
 */
export function SessionExpiryDialog() {
  const navigate = useNavigate();
  useEffect(() => {
    const stop = watchSessionExpiry(() => {
      modals.openConfirmModal({
        modalId: MODAL_ID,
        title: SESSION_EXPIRY.title,
        children: SESSION_EXPIRY.message,
        labels: { confirm: SESSION_EXPIRY.stay, cancel: SESSION_EXPIRY.leave },
        closeOnClickOutside: false,
        closeOnEscape: false,
        withCloseButton: false,
        onConfirm: () => {
          renewSession().catch((error: unknown) => {
            if (error instanceof SessionEnded) void navigate(error.loginUrl, { replace: true });
          });
        },
        onCancel: () => {
          void rejectSession().then(() => navigate(LOGIN_PATH, { replace: true }));
        },
      });
    });
    return () => {
      stop();
      modals.close(MODAL_ID);
    };
  }, [navigate]);
  return null;
}
