import { useEffect } from "react";
import styles from "./toast.module.css";

export interface ToastMessage {
  /** Changes for every new toast, so the same text shown twice restarts its timer. */
  id: number;
  kind: "success" | "error";
  text: string;
}

/** Spec §9: success toasts stay 3 s, error toasts 5 s. */
const DURATION_MS = { success: 3000, error: 5000 } as const;

/**
 * One toast at a time, top right (spec §9): a success is announced politely, an error at once. It
 * closes itself after its time, or with its close button.
 */
export function Toast({
  toast,
  closeLabel,
  onClose,
}: {
  toast: ToastMessage | null;
  closeLabel: string;
  onClose: () => void;
}) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, DURATION_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  // The live region stays in the page so screen readers hear what is put into it.
  return (
    <div
      className={styles.region}
      role={toast?.kind === "error" ? "alert" : "status"}
      aria-live={toast?.kind === "error" ? "assertive" : "polite"}
    >
      {toast ? (
        <div key={toast.id} className={`${styles.toast} ${styles[toast.kind]}`}>
          <span>{toast.text}</span>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
