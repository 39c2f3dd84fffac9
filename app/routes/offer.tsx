import { redirect } from "react-router";
import { servicesOf } from "../page-request.server.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../seo/meta.ts";
import { categoryPath } from "../../common/pages/page-urls.ts";
import type { Route } from "./+types/offer";
import { RouteErrorView } from "../components/route-error-view.tsx";

/** OFERTA opens the first category (spec §2); only an empty catalogue renders this page. */
export async function loader({ context }: Route.LoaderArgs) {
  const [first] = await servicesOf(context).catalogue.categories();
  if (first) throw redirect(categoryPath(first.slug));
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.offer"));

export default function EmptyOffer() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t("meta.offer")}</h1>
      <p>{t("catalogue.noCategories")}</p>
    </section>
  );
}

/** A failure of this page shows inside the layout, which stays (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
