import type { VersionView } from "../../common/catalogue/catalogue-views.ts";
import { UI_BUILD } from "../build-info.ts";
import type { Translate } from "../i18n/translate.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../seo/meta.ts";
import { servicesOf } from "../page-request.server.ts";
import type { Route } from "./+types/version";
import styles from "./version.module.css";
import { RouteErrorView } from "../components/route-error-view.tsx";

/** The server's version info, the same object GET /api/version answers with. */
export function loader({ context }: Route.LoaderArgs) {
  return { api: servicesOf(context).version };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.version"));

/** Epoch seconds as 'YYYY-MM-DD HH:MM UTC': the same text on the server and in every browser. */
function formatEpoch(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The facts of one build (the UI's or the API's), as label and text. */
function versionRows(t: Translate, build: VersionView): [label: string, value: string][] {
  const info = build.default;
  const unknown = t("version.unknown");
  return [
    [t("version.version"), build.version],
    [t("version.shortHash"), info.shortHash ?? unknown],
    [t("version.subject"), info.subject ?? unknown],
    [t("version.authoredOn"), info.authoredOn === null ? unknown : formatEpoch(info.authoredOn)],
    [t("version.committedOn"), info.committedOn === null ? unknown : formatEpoch(info.committedOn)],
    [t("version.branch"), info.branch ?? unknown],
    [t("version.tags"), info.tags.length > 0 ? info.tags.join(", ") : t("version.noTags")],
  ];
}

export default function Version({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const panels = [
    { id: "version-ui", title: t("version.ui"), build: UI_BUILD },
    { id: "version-api", title: t("version.api"), build: loaderData.api },
  ];
  return (
    <div className={styles.page}>
      <h1>{t("version.title")}</h1>
      {panels.map((panel) => (
        <section key={panel.id} className={styles.panel} aria-labelledby={panel.id}>
          <h2 id={panel.id}>{panel.title}</h2>
          <dl className={styles.list}>
            {versionRows(t, panel.build).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** A failure of this page shows inside the layout, which stays (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
