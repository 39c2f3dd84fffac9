import { isRouteErrorResponse, Link } from "react-router";
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
  const message = <ErrorMessage kind={isRouteErrorResponse(error) && error.status === 404 ? "notFound" : "error"} />;
  return standalone ? <main className={styles.standalone}>{message}</main> : message;
}

function ErrorMessage({ kind }: { kind: "notFound" | "error" }) {
  const { t } = useTranslation();
  return (
    <section className={styles.box} aria-labelledby="error-title">
      <h1 id="error-title">{t(`${kind}.title`)}</h1>
      <p>{t(`${kind}.text`)}</p>
      <Link className={styles.home} to="/home">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
