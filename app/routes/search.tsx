import { Link } from "react-router";
import { servicesOf, pageRequest } from "../page-request.server.ts";
import { pageSeo } from "../seo/seo.server.ts";
import { pageLanguage } from "../page-data/shown-content.server.ts";
import { cardFigureWriter } from "../page-data/shown-specifications.server.ts";
import { fillPlaceholders } from "../i18n/translate.ts";
import { errorMessage } from "../../common/errors/error-codes.ts";
import { UNKNOWN_CATEGORY } from "../../common/catalogue/catalogue-views.ts";
import { SEARCH_QUERY_PARAMETER, SEARCH_QUERY_MAX_LENGTH } from "../../common/search/search-address.ts";
import { searchQueryText } from "../../common/search/search-schemas.ts";
import { toSlug } from "../../common/text/slug.ts";
import { shownText } from "../../common/language/english-fallback.ts";
import { ProductCard } from "../components/product-card.tsx";
import { useListLinks } from "../lib/list-links.ts";
import { CATALOGUE_LINK } from "../lib/use-content-scroll.ts";
import { RouteErrorView } from "../components/route-error-view.tsx";
import { SEARCH_TEXTS } from "../components/search/search-texts.ts";
import { pageMeta } from "../seo/meta.ts";
import type { Route } from "./+types/search";
import cardGrid from "../components/card-grid.module.css";

/**
 * A search's results (`/cautare?q=`, decision 060), rendered on the server so that the header's box
 * works without JavaScript: the machines found, best first, as cards with their category, key
 * figures and 'Adăugați la cerere'. An empty or overlong query gets a message, not an error; a
 * query that finds nothing is logged for the administrator (its text only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = pageLanguage(request);
  const texts = SEARCH_TEXTS[language];
  const asked = new URL(request.url).searchParams.get(SEARCH_QUERY_PARAMETER) ?? "";
  const seo = pageSeo(request, context, { description: texts.title });
  const parsed = searchQueryText.safeParse(asked);
  if (!parsed.success) {
    const code =
      parsed.error.issues[0]?.message === "INVALID_SEARCH_QUERY" ? "INVALID_SEARCH_QUERY" : "REQUIRED_SEARCH_QUERY";
    // What was typed goes back into the box, cut to what the box takes.
    return {
      query: asked.slice(0, SEARCH_QUERY_MAX_LENGTH),
      problem: errorMessage(code, language),
      results: [],
      texts,
      seo,
    };
  }
  const services = servicesOf(context);
  const [machines, categories] = await Promise.all([
    services.search.results(parsed.data, pageRequest(context).clientAddress),
    services.catalogue.categories(),
  ]);
  const figureWriters = new Map(
    categories.map((category) => [category.uuid, cardFigureWriter(category.specifications, language)]),
  );
  const results = machines.map((machine) => ({
    product: {
      uuid: machine.uuid,
      model: machine.model,
      slug: machine.slug,
      header_photo: machine.header_photo,
      figures: figureWriters.get(machine.category_uuid ?? "")?.(machine.specifications) ?? [],
    },
    categorySlug: machine.category_slug ?? toSlug(UNKNOWN_CATEGORY),
    kind: shownText(machine.category, machine.category_en, language),
    // Its names in both languages go with a machine into the quote list, which outlives the page's language.
    category: machine.category_uuid === null ? null : { name: machine.category, name_en: machine.category_en },
  }));
  return { query: parsed.data, problem: null, results, texts, seo };
}

/** Never listed by search engines (one page per query); not kept in the page cache (server/pages/page-key.ts). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    () =>
      loaderData?.problem === null
        ? fillPlaceholders(loaderData.texts.titleFor, { query: loaderData.query })
        : (loaderData?.texts.title ?? ""),
    { noindex: true },
  );

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, problem, results, texts } = loaderData;
  const onCardClick = useListLinks(CATALOGUE_LINK);
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{problem === null ? fillPlaceholders(texts.titleFor, { query }) : texts.title}</h1>
      {problem !== null ? (
        <p className={cardGrid.message} role="status">
          {problem}
        </p>
      ) : results.length === 0 ? (
        <p className={cardGrid.message} role="status">
          {fillPlaceholders(texts.none, { query })} <Link to="/contact">{texts.askUs}</Link>
          {texts.askUsAfter}
        </p>
      ) : (
        <>
          <p role="status">
            {results.length === 1 ? texts.countOfOne : fillPlaceholders(texts.count, { count: results.length })}
          </p>
          <ul className={cardGrid.grid} aria-label={texts.results} onClick={onCardClick}>
            {results.map((result) => (
              <li key={result.product.uuid}>
                <ProductCard
                  product={result.product}
                  categorySlug={result.categorySlug}
                  category={result.category}
                  kind={result.kind}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
