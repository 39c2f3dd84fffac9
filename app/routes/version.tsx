import { version as uiVersion } from "../../package.json";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../lib/meta.ts";
import { getServices } from "../services.server.ts";
import type { Route } from "./+types/version";
import styles from "./version.module.css";

/** The server's version info, the same object GET /api/version answers with. */
export function loader({ context }: Route.LoaderArgs) {
  return { api: getServices(context).version };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.version"));

/** Epoch seconds as 'YYYY-MM-DD HH:MM UTC': the same text on the server and in every browser. */
function formatEpoch(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export default function Version({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = loaderData;
  const info = api.default;
  const unknown = t("version.unknown");
  const rows: [label: string, value: string][] = [
    [t("version.version"), api.version],
    [t("version.shortHash"), info.shortHash ?? unknown],
    [t("version.subject"), info.subject ?? unknown],
    [t("version.authoredOn"), info.authoredOn === null ? unknown : formatEpoch(info.authoredOn)],
    [t("version.committedOn"), info.committedOn === null ? unknown : formatEpoch(info.committedOn)],
    [t("version.branch"), info.branch ?? unknown],
    [t("version.tags"), info.tags.length > 0 ? info.tags.join(", ") : t("version.noTags")],
  ];
  return (
    <div className={styles.page}>
      <h1>{t("version.title")}</h1>
      <section className={styles.panel} aria-labelledby="version-ui">
        <h2 id="version-ui">{t("version.ui")}</h2>
        <dl className={styles.list}>
          <div>
            <dt>{t("version.version")}</dt>
            <dd>{uiVersion}</dd>
          </div>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="version-api">
        <h2 id="version-api">{t("version.api")}</h2>
        <dl className={styles.list}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
