import { notifications } from "@mantine/notifications";
import { errorMessage, type ErrorCode } from "../../../common/errors/error-codes.ts";

/**
 * Toasts of spec §9: one open at a time (a new one replaces the one shown), a message already on
 * screen is not shown again, top right (set on <Notifications> in the admin layout), and each kind
 * stays its own time.
 */

export type ToastKind = "info" | "success" | "warning" | "error";

export const TOAST_DURATION_MS: Record<ToastKind, number> = { info: 2000, success: 3000, warning: 4000, error: 5000 };
const COLORS: Record<ToastKind, string> = { info: "blue", success: "green", warning: "yellow", error: "red" };
let shown: { kind: ToastKind; message: string; until: number } | undefined;

export function showToast(kind: ToastKind, message: string): void {
  const now = Date.now();
  if (shown && shown.kind === kind && shown.message === message && shown.until > now) return;
  shown = { kind, message, until: now + TOAST_DURATION_MS[kind] };
  notifications.clean();
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose: TOAST_DURATION_MS[kind],
    withBorder: true,
    onClose: () => {
      if (shown?.message === message) shown = undefined;
    },
  });
}

export const toast = {
  info: (message: string) => showToast("info", message),
  success: (message: string) => showToast("success", message),
  warning: (message: string) => showToast("warning", message),
  error: (message: string) => showToast("error", message),
  /** The Romanian message of an API error code (common/errors/error-codes.ts, the one table). */
  code: (code: ErrorCode) => showToast("error", errorMessage(code, "ro")),
};
