import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { TOAST_ERROR_MS } from "../lib/timings.ts";
import styles from "./offline-toast.module.css";

/**
 * Spec §8/§9: the status-0 error toast ("the server cannot be contacted"), top right, for 5 s.
 * Mounted anew (a new `key`) for each failure, so a second failure shows it for another 5 s.
 */
export function OfflineToast() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), TOAST_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return shown ? (
    <div role="alert" className={styles.toast}>
      {t("offline.text")}
    </div>
  ) : null;
}
