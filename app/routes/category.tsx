import { data, redirect } from "react-router";
import { servicesOf } from "../page-request.server.ts";
import { breadcrumbs, categoryDescription, pageSeo } from "../seo/seo.server.ts";
import { categoryTranslated, pageLanguage, shownCategory } from "../i18n/shown-content.server.ts";
import { Shown, useLangOf } from "../components/shown.tsx";
import { toSlug } from "../../common/slug.ts";
import { CategoryMenu } from "../components/category-menu.tsx";
import { ProductCard } from "../components/product-card.tsx";
import { RouteErrorView } from "../components/route-error-view.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../seo/meta.ts";
import { categoryPath } from "../../common/page-urls.ts";
import type { Route } from "./+types/category";
import styles from "./category.module.css";

/** The category menu and the products of the chosen category; an unknown category is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const categories = await servicesOf(context).catalogue.categories();
  const category = categories.find((candidate) => candidate.slug === toSlug(params.category_name));
  if (!category) throw data(null, { status: 404 });
  // One address per page: a name typed with capitals or spaces leads to the slug.
  if (params.category_name !== category.slug) throw redirect(categoryPath(category.slug), 301);
  const products = (await servicesOf(context).catalogue.productsOfCategory(category.uuid)) ?? [];
  const language = pageLanguage(request);
  const { name } = shownCategory(category, language);
  return {
    categories: categories.map((each) => shownCategory(each, language)),
    // Its names in both languages go with a machine into the quote list, which outlives the page's language.
    category: { name, slug: category.slug, names: { name: category.name, name_en: category.name_en } },
    // Only what a card shows: the rich texts stay for the product page.
    products: products.map(({ uuid, model, slug, header_photo }) => ({ uuid, model, slug, header_photo })),
    seo: pageSeo(request, context, {
      description: categoryDescription(request, name.text, products.map((product) => product.model)),
      image: category.header_photo ?? undefined,
      translated: categoryTranslated(category),
      jsonLd: [breadcrumbs(request, context, [{ name: name.text, pathname: categoryPath(category.slug) }])],
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, (t) => (loaderData ? t("meta.category", { category: loaderData.category.name.text }) : t("meta.notFound")));

export default function Category({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, category, products } = loaderData;
  const nameLang = useLangOf(category.name);
  return (
    <div className={styles.layout}>
      <CategoryMenu categories={categories} selectedSlug={category.slug} />
      <section aria-labelledby="category-title">
        <h1 id="category-title">
          <Shown text={category.name} />
        </h1>
        {nameLang ? <p className={styles.romanianOnly}>{t("catalogue.romanianOnly")}</p> : null}
        {products.length === 0 ? (
          <p className={styles.empty}>{t("catalogue.empty")}</p>
        ) : (
          <ul className={styles.grid} aria-label={t("catalogue.products", { category: category.name.text })}>
            {products.map((product) => (
              <li key={product.uuid}>
                <ProductCard product={product} categorySlug={category.slug} category={category.names} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
