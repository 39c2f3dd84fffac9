import { useNavigation } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import styles from "./loading-overlay.module.css";

const GEAR =
  "M87 50L95.9 53.5L94.7 60.9L85.2 61.4L79.9 71.7L85.1 79.8L79.8 85.1L71.7 79.9L61.4 85.2L60.9 94.7L53.5 95.9L50 87L38.6 85.2L32.5 92.6L25.8 89.1L28.3 79.9L20.1 71.7L10.9 74.2L7.4 67.5L14.8 61.4L13 50L4.1 46.5L5.3 39.1L14.8 38.6L20.1 28.3L14.9 20.2L20.2 14.9L28.3 20.1L38.6 14.8L39.1 5.3L46.5 4.1L50 13L61.4 14.8L67.5 7.4L74.2 10.9L71.7 20.1L79.9 28.3L89.1 25.8L92.6 32.5L85.2 38.6ZM64 50A14 14 0 1 0 36 50A14 14 0 1 0 64 50Z";

/**
 * Full-page overlay with turning gears while a navigation is under way (spec §2); it goes when the
 * navigation ends, is cancelled or fails, because all three bring the router back to idle.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <div className={busy ? styles.overlay : styles.idle} role="status">
      {busy ? (
        <>
          <svg
            className={styles.gears}
            viewBox="0 0 145 120"
            width="145"
            height="120"
            aria-hidden="true"
            focusable="false"
          >
            <g className={styles.big}>
              <path fill="#f5b800" fillRule="evenodd" d={GEAR} transform="translate(5 5) scale(0.95)" />
            </g>
            <g className={styles.small}>
              <path fill="#ffffff" fillRule="evenodd" d={GEAR} transform="translate(79.7 55.5) scale(0.6)" />
            </g>
          </svg>
          <span className="visually-hidden">{t("loading")}</span>
        </>
      ) : null}
    </div>
  );
}
