import { useEffect, useState } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { TOAST_ERROR_MS } from "../lib/timings.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import styles from "./route-error-view.module.css";

/** What a page shows for an address that leads nowhere: an unknown path, category or model. */
export function NotFoundView() {
  return <ErrorMessage kind="notFound" />;
}

interface Props {
  error: unknown;
  /** Rendered without the public layout around it, so it brings its own landmark. */
  standalone?: boolean;
}

/**
 * What a route shows instead of its content: 'not found' for a 404, a short apology otherwise.
 * Details of a failure are logged on the server, never shown.
 */
export function RouteErrorView({ error, standalone = false }: Props) {
  const kind = isRouteErrorResponse(error) && error.status === 404 ? "notFound" : isNetworkFailure(error) ? "offline" : "error";
  const message = (
    <>
      <ErrorMessage kind={kind} />
      {kind === "offline" ? <OfflineToast /> : null}
    </>
  );
  return standalone ? <main className={styles.standalone}>{message}</main> : message;
}

/**
 * A request that got no reply at all (spec §8 "status 0": the server is down or the connection
 * dropped): the browser's fetch rejects with a TypeError ("Failed to fetch" in Chromium,
 * "NetworkError when attempting to fetch resource." in Firefox, "Load failed" in Safari), which
 * React Router hands to the boundary. A TypeError of our own code says something else.
 */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}

/** Spec §8/§9: the status-0 error toast, top right, for 5 s. */
function OfflineToast() {
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

function ErrorMessage({ kind }: { kind: "notFound" | "error" | "offline" }) {
  const { t } = useTranslation();
  return (
    <section className={styles.box} aria-labelledby="error-title">
      <h1 id="error-title">{t(`${kind}.title`)}</h1>
      {kind === "offline" ? null : <p>{t(`${kind}.text`)}</p>}
      <Link className={styles.home} to="/home">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
