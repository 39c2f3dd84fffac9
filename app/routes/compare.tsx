import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { servicesOf } from "../page-request.server.ts";
import { pageSeo } from "../seo/seo.server.ts";
import { pageLanguage } from "../page-data/shown-content.server.ts";
import { translator } from "../i18n/translate.ts";
import { comparedRows } from "../page-data/shown-specifications.server.ts";
import { COMPARE_PARAMETER, compareIds, comparePath } from "../../common/catalogue/compare-address.ts";
import { productPath } from "../../common/pages/page-urls.ts";
import { specSheetPath } from "../../common/catalogue/spec-sheet.ts";
import { shownText } from "../../common/language/english-fallback.ts";
import { toSlug } from "../../common/text/slug.ts";
import { AddToQuoteList } from "../components/add-to-quote-list.tsx";
import { Picture } from "../components/picture.tsx";
import { RouteErrorView } from "../components/route-error-view.tsx";
import { Shown } from "../components/shown.tsx";
import { COMPARE_TEXTS } from "../components/specifications/compare-texts.ts";
import { usePageLanguage } from "../i18n/use-language.ts";
import { compareList, toggleCompared } from "../lib/compare-store.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { pageMeta } from "../seo/meta.ts";
import type { Route } from "./+types/compare";
import styles from "../components/specifications/compare.module.css";

/** A machine's column: at least 10rem, the photo filling it. */
const PHOTO_SIZES = pictureSizes([], "12rem");

/**
 * The machines an address names (`/comparare?utilaje=<uuid>,<uuid>`, decision 058) side by side:
 * photo, model, category, every specification of their categories. The address is the page, so it
 * is shared as it is and opens without JavaScript; the header's link writes it from the visitor's
 * comparison kept in the browser. Machines no longer in the catalogue are left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalogue } = servicesOf(context);
  const language = pageLanguage(request);
  const ids = compareIds(new URL(request.url).searchParams.get(COMPARE_PARAMETER));
  const [products, categories] = await Promise.all([catalogue.productsById(ids), catalogue.categories()]);
  const definitionsOf = (categoryId: string | null) =>
    categories.find((category) => category.uuid === categoryId)?.specifications ?? [];
  return {
    machines: products.map((product) => {
      const path = productPath(product.category_slug ?? toSlug(product.category), product.slug);
      return {
        id: product.uuid,
        model: product.model,
        path,
        sheet: specSheetPath(path, language),
        photo: product.header_photo,
        category: shownText(product.category, product.category_en, language),
        // As the quote list keeps a machine (app/lib/quote-list.ts): its category's names in both languages.
        listed: {
          id: product.uuid,
          model: product.model,
          category: product.category_uuid ? { name: product.category, name_en: product.category_en } : null,
          path,
        },
      };
    }),
    rows: comparedRows(
      products.map((product) => ({
        definitions: definitionsOf(product.category_uuid),
        values: product.specifications,
      })),
      language,
    ),
    seo: pageSeo(request, context, { description: translator(language)("meta.compare") }),
  };
}

/** One visitor's choice of machines: not a page for search engines, whose links they may follow. */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.compare"));

/** The navigation state of a "Scoateți" link. */
const REMOVED = "removed";

export default function Compare({ loaderData }: Route.ComponentProps) {
  const texts = COMPARE_TEXTS[usePageLanguage()];
  const { machines, rows } = loaderData;
  const ids = machines.map((machine) => machine.id);
  // A machine taken out: its button is gone, so the keyboard's place is the page's heading, not the document's start.
  const { key, state } = useLocation() as { key: string; state: unknown };
  useEffect(() => {
    if (state === REMOVED) document.getElementById("compare-title")?.focus();
  }, [key, state]);
  return (
    <article className={styles.page}>
      <h1 id="compare-title" tabIndex={-1}>
        {texts.compareTitle}
      </h1>
      {machines.length === 0 ? (
        <p className={styles.note}>
          {texts.compareEmpty} <Link to="/categorie">{texts.compareOffer}</Link>
        </p>
      ) : (
        <>
          <p className={styles.note}>{machines.length === 1 ? texts.compareOne : texts.compareIntro}</p>
          {/* Scrolled sideways on a phone, the first column staying; focusable so a keyboard can scroll it. */}
          <div className={styles.scroller} role="region" aria-labelledby="compare-title" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{texts.machine}</th>
                  {machines.map((machine) => (
                    <th key={machine.id} scope="col" className={styles.model}>
                      <Link to={machine.path}>{machine.model}</Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{texts.photo}</th>
                  {machines.map((machine) => (
                    <td key={machine.id}>
                      <Picture picture={machine.photo} sizes={PHOTO_SIZES} className={styles.photo} />
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">{texts.category}</th>
                  {machines.map((machine) => (
                    <td key={machine.id}>
                      <Shown text={machine.category} />
                    </td>
                  ))}
                </tr>
                {rows.map((row) => (
                  <tr key={row.key} className={row.differs ? styles.differs : undefined}>
                    <th scope="row">
                      <Shown text={row.name} />
                      {row.differs ? (
                        <span className={styles.mark}>
                          <span aria-hidden="true"> ≠</span>
                          <span className="visually-hidden"> ({texts.differs})</span>
                        </span>
                      ) : null}
                    </th>
                    {row.values.map((value, column) => (
                      <td key={ids[column]}>
                        {value ? (
                          <Shown text={value} />
                        ) : (
                          <>
                            <span aria-hidden="true">{texts.noValue}</span>
                            <span className="visually-hidden">{texts.noValueLabel}</span>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr className={styles.actions}>
                  <th scope="row">
                    <span className="visually-hidden">{texts.machine}</span>
                  </th>
                  {machines.map((machine) => (
                    <td key={machine.id}>
                      <AddToQuoteList machine={machine.listed} />
                      <a href={machine.sheet} className={styles.sheet} type="application/pdf">
                        {texts.specSheet}
                      </a>
                      <Link
                        to={comparePath(ids.filter((id) => id !== machine.id))}
                        className={styles.remove}
                        aria-label={texts.remove(machine.model)}
                        state={REMOVED}
                        onClick={() => {
                          if (compareList().includes(machine.id)) toggleCompared(machine.id);
                        }}
                      >
                        {texts.removeShort}
                      </Link>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
