import { isRouteErrorResponse, Link } from "react-router";
import { isNetworkFailure } from "../lib/network-failure.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { OfflineToast } from "./offline-toast.tsx";
import styles from "./route-error-view.module.css";

/** What a page shows for an address that leads nowhere: an unknown path, category or model. */
export function NotFoundView() {
  return <ErrorMessage kind="notFound" />;
}

/** What a machine's address shows while the machine is in the trash (410, decision 074). */
export interface GonePage {
  model: string;
  /** Its category's page, when it had one. */
  categoryPath: string | null;
}

/** The page of a machine taken off the offer: its category's machines, or a request for an offer. */
export function GoneView({ page }: { page: GonePage }) {
  const { t } = useTranslation();
  return (
    <section className={styles.box} aria-labelledby="error-title">
      <h1 id="error-title">{t("gone.title")}</h1>
      <p>{t("gone.text", { model: page.model })}</p>
      {page.categoryPath ? (
        <Link className={styles.home} to={page.categoryPath}>
          {t("gone.category")}
        </Link>
      ) : null}
      <Link className={styles.home} to="/contact">
        {t("gone.contact")}
      </Link>
    </section>
  );
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
  const kind =
    isRouteErrorResponse(error) && error.status === 404 ? "notFound" : isNetworkFailure(error) ? "offline" : "error";
  const message = (
    <>
      <ErrorMessage kind={kind} />
      {kind === "offline" ? <OfflineToast /> : null}
    </>
  );
  return standalone ? <main className={styles.standalone}>{message}</main> : message;
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
