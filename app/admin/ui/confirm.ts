import { modals } from "@mantine/modals";
import { CONFIRM_LABELS } from "./texts.ts";

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button is red (deleting). */
  danger?: boolean;
}

/**
 * The confirmation dialog of spec §2 (title, message, confirm and decline, 'Da'/'Nu' by default):
 * resolves true when confirmed, false when declined or closed. Mantine's modal traps the focus,
 * closes on Escape and gives the focus back to what opened it.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: options.title,
      children: options.message,
      labels: {
        confirm: options.confirmLabel ?? CONFIRM_LABELS.confirm,
        cancel: options.cancelLabel ?? CONFIRM_LABELS.cancel,
      },
      confirmProps: options.danger ? { color: "red" } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
