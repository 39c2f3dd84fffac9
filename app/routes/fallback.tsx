import { data } from "react-router";
import { NotFoundView } from "../components/route-error-view.tsx";
import { pageMeta } from "../seo/meta.ts";
import type { Route } from "./+types/fallback";
import { RouteErrorView } from "../components/route-error-view.tsx";

/** Any path no route claims (spec §2 fallback): the layout with a short 'not found', answered as 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.notFound"));

export default function Fallback() {
  return <NotFoundView />;
}

/** A failure of this page shows inside the layout, which stays (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
