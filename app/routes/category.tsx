import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { servicesOf } from "../page-request.server.ts";
import { breadcrumbs, categoryDescription, pageSeo } from "../seo/seo.server.ts";
import { categoryTranslated, pageLanguage, shownCategory } from "../page-data/shown-content.server.ts";
import { cardFigureWriter, filterFields } from "../page-data/shown-specifications.server.ts";
import { cardPrices, priceOrderField } from "../page-data/shown-prices.server.ts";
import { Shown, useLangOf } from "../components/shown.tsx";
import { toSlug } from "../../common/text/slug.ts";
import { LANGUAGE_PARAMETER } from "../../common/language/language.ts";
import {
  FREE_FROM_PARAMETER,
  FREE_UNTIL_PARAMETER,
  NO_FILTERS,
  PRICE_SORT_KEY,
  parseFilters,
} from "../../common/specifications/filter-address.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { parseFreeRange } from "../../common/bookings/free-range.ts";
import { applyFilters, filterValuesOf } from "../../common/specifications/filter-match.ts";
import { CategoryMenu } from "../components/category-menu.tsx";
import { categoryMenuItems } from "../components/category-menu-items.server.tsx";
import { ProductCard } from "../components/product-card.tsx";
import { RouteErrorView } from "../components/route-error-view.tsx";
import { CategoryFilters } from "../components/specifications/category-filters.tsx";
import { useFilterHistory } from "../components/specifications/filter-history.ts";
import { FILTER_TEXTS } from "../components/specifications/filter-texts.ts";
import { fillPlaceholders } from "../i18n/translate.ts";
import { useListLinks } from "../lib/list-links.ts";
import { CATALOGUE_LINK } from "../lib/use-content-scroll.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../seo/meta.ts";
import { categoryPath } from "../../common/pages/page-urls.ts";
import { listReturnState } from "../lib/list-return.ts";
import type { Route } from "./+types/category";
import cardGrid from "../components/card-grid.module.css";
import styles from "./category.module.css";

/**
 * The category menu and the products of the chosen category; an unknown category is a 404. The data
 * depends on the address's query only for the free range (the bookings are read on the server): the
 * other filters (decision 058) are applied where the list is rendered, on the server for the first
 * page and in the browser after that.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const categories = await servicesOf(context).catalogue.categories();
  const addressed = toSlug(params.category_name);
  const category = categories.find((candidate) => candidate.slug === addressed);
  if (!category) throw data(null, { status: 404 });
  // One address per page: a name typed with capitals or spaces leads to the slug.
  if (params.category_name !== category.slug) throw redirect(categoryPath(category.slug), 301);
  const services = servicesOf(context);
  const products = await services.catalogue.productCardsOfCategory(category);
  const language = pageLanguage(request);
  const today = romanianDay();
  const range = parseFreeRange(new URL(request.url).searchParams, today);
  const free = range
    ? await services.availability.freeThroughout(
        products.map((product) => product.uuid),
        range.first,
        range.last,
      )
    : null;
  const { name } = shownCategory(category, language);
  const definitions = category.specifications;
  const filtered = definitions.filter((definition) => definition.filter);
  const figuresOf = cardFigureWriter(definitions, language);
  // While the site shows prices (decision 093): each card's line, and the day rate the list may be ordered by.
  const prices = await cardPrices(
    context,
    products.map((product) => product.uuid),
    language,
  );
  // Only what a card shows, and the values the filters read.
  const machines = products.map(({ uuid, model, slug, header_photo, specifications }) => {
    const values = filterValuesOf(filtered, specifications);
    const price = prices?.get(uuid);
    if (!price) return { uuid, model, slug, header_photo, figures: figuresOf(specifications), values };
    return {
      uuid,
      model,
      slug,
      header_photo,
      figures: figuresOf(specifications),
      price: price.text,
      values: price.day === null ? values : { ...values, [PRICE_SORT_KEY]: price.day },
    };
  });
  const fields = filterFields(definitions, machines, language);
  return {
    menuHtml: categoryMenuItems(categories, language, category.slug),
    // Its names in both languages go with a machine into the quote list, which outlives the page's language.
    category: { name, slug: category.slug, names: { name: category.name, name_en: category.name_en } },
    products: machines,
    filters: prices ? [...fields, priceOrderField(language)] : fields,
    // The page's day, for the free range's checks, while the site shows availability; the machines free in the range asked.
    availability: (await services.availability.shown())
      ? { today, free: range && free ? { ...range, ids: [...free] } : null }
      : null,
    // In the page's language only: the browser's scripts then carry no filter texts (decision 058).
    filterTexts: FILTER_TEXTS[language],
    seo: pageSeo(request, context, {
      description: categoryDescription(
        request,
        name.text,
        products.map((product) => product.model),
      ),
      image: category.header_photo ?? undefined,
      translated: categoryTranslated(category),
      jsonLd: [breadcrumbs(request, context, [{ name: name.text, pathname: categoryPath(category.slug) }])],
    }),
  };
}

/**
 * Another filter or order on the same page keeps the data it has (the loader reads no other query):
 * the list changes at once, without asking the server. Another free range asks the server which
 * machines are free; the language and everything else load as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const sameLanguage = currentUrl.searchParams.get(LANGUAGE_PARAMETER) === nextUrl.searchParams.get(LANGUAGE_PARAMETER);
  const sameRange = [FREE_FROM_PARAMETER, FREE_UNTIL_PARAMETER].every(
    (name) => currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name),
  );
  if (
    !formMethod &&
    sameLanguage &&
    sameRange &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  )
    return false;
  return defaultShouldRevalidate;
}

/**
 * A filtered or ordered address is the category's page to search engines: its canonical link names
 * the category (decision 058).
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, (t) =>
    loaderData ? t("meta.category", { category: loaderData.category.name.text }) : t("meta.notFound"),
  );

export default function Category({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { menuHtml, category, products, filters: fields, filterTexts: texts, availability } = loaderData;
  const nameLang = useLangOf(category.name);
  // The filters shown: the address's, or the form's last change while it is being written there.
  const address = useFilterHistory();
  const today = availability?.today ?? null;
  const filters = useMemo(() => {
    const search = new URLSearchParams(address.search);
    return { ...parseFilters(search, fields), free: today === null ? null : parseFreeRange(search, today) };
  }, [address.search, fields, today]);
  // The free range's machines come from the server: until the data of a new range arrives, the list keeps the last.
  const free = availability?.free;
  const shown = useMemo(() => {
    const kept = applyFilters(products, filters);
    if (!free || !filters.free) return kept;
    const ids = new Set(free.ids);
    return kept.filter((product) => ids.has(product.uuid));
  }, [products, filters, free]);
  // Every card stays in the page in the chosen order, those filtered out hidden: a filter only
  // toggles cards, instead of building and tearing down up to hundreds of cards and their pictures.
  const ordered = useMemo(
    () => applyFilters(products, { ...NO_FILTERS, sort: filters.sort }),
    [products, filters.sort],
  );
  const kept = useMemo(() => new Set(shown.map((product) => product.uuid)), [shown]);
  const path = categoryPath(category.slug);
  // The form's fields are uncontrolled: they take the filters when it starts again (an address from
  // elsewhere, a new generation), so a change made in them does not render the form again.
  const [formStart, setFormStart] = useState({ generation: address.generation, filters });
  if (formStart.generation !== address.generation) setFormStart({ generation: address.generation, filters });
  const { write } = address;
  const form = useMemo(
    () =>
      fields.length > 0 || today !== null ? (
        <CategoryFilters
          fields={fields}
          filters={formStart.filters}
          path={path}
          texts={texts}
          today={today}
          address={{ generation: formStart.generation, write }}
        />
      ) : null,
    [fields, formStart, path, texts, today, write],
  );
  // A card's product page learns the list as shown (its filters), for its way back (list-return.ts):
  // read at the click, so that a filter change renders none of the cards again.
  const shownSearch = useRef(address.search);
  useEffect(() => {
    shownSearch.current = address.search;
  }, [address.search]);
  const cardLinks = useCallback(
    () => ({ ...CATALOGUE_LINK, state: listReturnState(path, shownSearch.current) }),
    [path],
  );
  const onCardClick = useListLinks(cardLinks);
  // The list is rendered with the first render's filter (the server's markup, hydrated as it is) and
  // made again only when the order changes; a filter change then sets `hidden` on the items whose
  // state changed, before the frame is painted, instead of React comparing hundreds of items.
  const [firstKept] = useState(kept);
  const list = useRef<HTMLUListElement>(null);
  const label = t("catalogue.products", { category: category.name.text });
  const grid = useMemo(
    () => (
      <ul
        ref={list}
        className={`${cardGrid.grid} ${styles.grid}`}
        aria-label={label}
        hidden={firstKept.size === 0}
        onClick={onCardClick}
      >
        {ordered.map((product) => (
          <li key={product.uuid} data-machine={product.uuid} hidden={!firstKept.has(product.uuid)}>
            <ProductCard product={product} categorySlug={category.slug} category={category.names} />
          </li>
        ))}
      </ul>
    ),
    [ordered, firstKept, category, label, onCardClick],
  );
  useLayoutEffect(() => {
    if (list.current) showOnly(list.current, kept);
  }, [kept, grid]);
  return (
    <div className={styles.layout}>
      <CategoryMenu itemsHtml={menuHtml} />
      <section aria-labelledby="category-title">
        <h1 id="category-title">
          <Shown text={category.name} />
        </h1>
        {nameLang ? <p className={styles.romanianOnly}>{t("catalogue.romanianOnly")}</p> : null}
        {products.length === 0 ? (
          <p className={cardGrid.message}>{t("catalogue.empty")}</p>
        ) : (
          <>
            {form}
            {form !== null ? (
              <p role="status" className={styles.count}>
                {fillPlaceholders(products.length === 1 ? texts.countOfOne : texts.count, {
                  shown: shown.length,
                  total: products.length,
                })}
              </p>
            ) : null}
            {shown.length === 0 ? (
              <p className={cardGrid.message}>
                {texts.noMatch} <Link to="/contact">{texts.askUs}</Link>
                {texts.askUsAfter}
              </p>
            ) : null}
            {grid}
          </>
        )}
      </section>
    </div>
  );
}

/** Hides the list's items whose machine is not in `kept` and shows the others; the list itself when none is. */
function showOnly(list: HTMLUListElement, kept: ReadonlySet<string>) {
  list.hidden = kept.size === 0;
  for (const item of list.children) {
    if (item instanceof HTMLElement) item.hidden = !kept.has(item.dataset.machine ?? "");
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
