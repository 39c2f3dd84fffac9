import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { breadcrumbs, pageSeo, productDescription, productJsonLd, productProperties } from "../seo/seo.server.ts";
import { pageLanguage, shownProduct } from "../page-data/shown-content.server.ts";
import { addressedProduct } from "../page-data/product-page.server.ts";
import { machineCalendar } from "../page-data/availability-calendar.server.ts";
import { shownFigures, type ShownFigure } from "../page-data/shown-specifications.server.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import type { ShownPrices } from "../../common/pricing/price-text.ts";
import { Shown, useLangOf } from "../components/shown.tsx";
import { ArrowLeftIcon } from "../components/icons.tsx";
import { AddToCompare } from "../components/add-to-compare.tsx";
import { AddToQuoteList } from "../components/add-to-quote-list.tsx";
import { AvailabilityCalendar } from "../components/availability-calendar.tsx";
import { pricedMachine } from "../page-data/shown-prices.server.ts";
import { Picture } from "../components/picture.tsx";
import { ProductGallery } from "../components/product-gallery.tsx";
import { GoneView, RouteErrorView, type GonePage } from "../components/route-error-view.tsx";
import { servicesOf } from "../page-request.server.ts";
import { SanitizedHtml } from "../components/sanitized-html.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../seo/meta.ts";
import { categoryPath, offerRequestPath, productPath } from "../../common/pages/page-urls.ts";
import { SPEC_SHEET_LINK, specSheetPath } from "../../common/catalogue/spec-sheet.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { SCROLL_TO_CONTENT } from "../lib/use-content-scroll.ts";
import { useListReturn } from "../lib/list-return.ts";
import buttons from "../styles/buttons.module.css";
import type { Route } from "./+types/product";
import styles from "./product.module.css";

/** The offer photo: the full content width on narrow screens, else the 26rem column (product.module.css). */
const PHOTO_SIZES = pictureSizes([["(max-width: 860px)", "calc(100vw - 2rem)"]], "26rem");

/**
 * The product by category and model slugs; both must match, otherwise 404, or 410 while the machine
 * is in the trash (decision 074: its page offers its category and the contact form).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const addressed = await addressedProduct(context, params);
  if (!addressed) {
    const gone = await servicesOf(context).catalogue.trashedProduct(params.category_name, params.product_model);
    if (!gone) throw data(null, { status: 404 });
    const gonePage: GonePage = {
      model: gone.model,
      categoryPath: gone.categorySlug === null ? null : categoryPath(gone.categorySlug),
    };
    throw data(gonePage, { status: 410 });
  }
  const { product: found, canonical, definitions } = addressed;
  if (productPath(params.category_name, params.product_model) !== canonical) throw redirect(canonical, 301);
  const language = pageLanguage(request);
  const product = shownProduct(found, language);
  const priced = await pricedMachine(context, found.uuid, language);
  const trail = [
    ...(product.category_slug ? [{ name: product.category.text, pathname: categoryPath(product.category_slug) }] : []),
    { name: product.model, pathname: canonical },
  ];
  return {
    product,
    figures: shownFigures(definitions, found.specifications, language),
    // Written in the page's language on the server; each day's state only, never a booking.
    calendar: await machineCalendar(context, found, language),
    // Its text comes with the data: the dictionaries every page loads stay as they are.
    sheet: { href: specSheetPath(canonical, language), label: SPEC_SHEET_LINK[language] },
    // The machine as the quote list keeps it: its category's names in both languages, whatever this page shows.
    listed: {
      id: found.uuid,
      model: found.model,
      category: found.category_uuid ? { name: found.category, name_en: found.category_en } : null,
      path: canonical,
    },
    // Only while the site shows prices: a page without them carries the data it did before prices.
    ...(priced && { prices: priced.shown }),
    seo: pageSeo(request, context, {
      description: productDescription(product),
      image: product.header_photo.image,
      type: "product",
      translated: product.translated,
      jsonLd: [
        productJsonLd(
          request,
          context,
          product,
          canonical,
          productProperties(definitions, found.specifications, language),
          priced,
        ),
        breadcrumbs(request, context, trail),
      ],
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, (t) =>
    loaderData
      ? t("meta.product", { model: loaderData.product.model, category: loaderData.product.category.text })
      : t("meta.notFound"),
  );

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, listed, figures, sheet, calendar, prices } = loaderData;
  // Back to the category as the visitor left it (its filters), when the page was opened from it.
  const backToList = useListReturn(product.category_slug ? categoryPath(product.category_slug) : null);
  return (
    <article className={styles.product}>
      {backToList !== null ? (
        <Link
          to={backToList}
          className={`${buttons.secondary} ${styles.back}`}
          preventScrollReset
          state={SCROLL_TO_CONTENT}
        >
          <ArrowLeftIcon /> {t("product.back", { category: product.category.text })}
        </Link>
      ) : (
        <Link to="/categorie" className={`${buttons.secondary} ${styles.back}`}>
          <ArrowLeftIcon /> {t("product.backToOffer")}
        </Link>
      )}
      <div className={styles.heading}>
        <h1 className={styles.model}>{product.model}</h1>
        <div className={styles.actions}>
          <Link to={offerRequestPath(product.uuid)} className={buttons.primary}>
            {t("product.askOffer")}
          </Link>
          <AddToQuoteList machine={listed} className={styles.add} />
          <AddToCompare id={product.uuid} model={product.model} className={styles.add} />
          {/* A file, not a page: the browser loads it, the router does not. */}
          <a href={sheet.href} className={buttons.secondary} type="application/pdf">
            {sheet.label}
          </a>
        </div>
      </div>
      <div className={styles.offer}>
        {/* On a phone the offer photo is the largest picture of the first screen (the LCP): preloaded, fetched first. */}
        <Picture picture={product.header_photo} sizes={PHOTO_SIZES} priority className={styles.photo} />
        <RichTextPanel id="product-offer" title={t("product.offer")} shown={product.header_offer} />
      </div>
      {prices ? <PriceTable prices={prices} /> : null}
      {figures.length > 0 ? <SpecificationTable figures={figures} /> : null}
      {calendar ? <AvailabilityCalendar calendar={calendar} /> : null}
      <div className={styles.sections}>
        <RichTextPanel id="product-details" title={t("product.details")} shown={product.details} />
        <RichTextPanel id="product-technical" title={t("product.technicalData")} shown={product.technical_data} />
      </div>
      {product.gallery.length > 0 ? <ProductGallery model={product.model} pictures={product.gallery} /> : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 410) return <GoneView page={error.data as GonePage} />;
  return <RouteErrorView error={error} />;
}

/**
 * The machine's typed figures, in its category's order and the page's language (the rich-text
 * technical data stays below).
 */
function SpecificationTable({ figures }: { figures: readonly ShownFigure[] }) {
  const { t } = useTranslation();
  return (
    <section className={`${styles.panel} ${styles.specifications}`} aria-labelledby="product-specifications">
      <h2 id="product-specifications" className={styles.panelTitle}>
        {t("product.specifications")}
      </h2>
      <table>
        <tbody>
          {figures.map(({ key, name, value }) => (
            <tr key={key}>
              <th scope="row">
                <Shown text={name} />
              </th>
              <td>
                <Shown text={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The machine's prices while the site shows them (decision 093), written on the server in the page's
 * language: "de la … lei/zi + TVA" and the table by duration, or "Preț la cerere". Styled as the
 * specifications' table, so the page's stylesheet and class names stay as they were.
 */
function PriceTable({ prices }: { prices: ShownPrices }) {
  return (
    <section className={`${styles.panel} ${styles.specifications}`} aria-labelledby="product-prices">
      <h2 id="product-prices" className={styles.panelTitle}>
        {prices.heading}
      </h2>
      <p>
        <strong>{prices.lead}</strong>
      </p>
      {prices.rows.length > 0 ? (
        <table>
          <tbody>
            {prices.rows.map(({ label, value }) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {prices.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </section>
  );
}

/**
 * One of the product's rich-text parts (sanitised on the server when saved) under its heading; in
 * Romanian, marked so, where an English page has no English for it, with a word saying so.
 */
function RichTextPanel({ id, title, shown }: { id: string; title: string; shown: ShownText }) {
  const { t } = useTranslation();
  const lang = useLangOf(shown);
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {lang ? <p className={styles.romanianOnly}>{t("catalogue.romanianOnly")}</p> : null}
      <SanitizedHtml html={shown.text} lang={lang} className={styles.richText} />
    </section>
  );
}
