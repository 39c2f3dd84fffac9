import { data } from "react-router";
import { NotFoundView } from "../components/route-error-view.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/fallback";

/** Any path no route claims (spec §2 fallback): the layout with a short 'not found', answered as 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.notFound"));

export default function Fallback() {
  return <NotFoundView />;
}
