import { memo } from "react";
import type { PictureView } from "../../common/catalogue/catalogue-views.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import { productPath } from "../../common/pages/page-urls.ts";
import type { QuoteMachine } from "../../common/leads/quote-list-schema.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { AddToCompare } from "./add-to-compare.tsx";
import { AddToQuoteList } from "./add-to-quote-list.tsx";
import { Picture } from "./picture.tsx";
import { Shown } from "./shown.tsx";
import styles from "./product-card.module.css";

export interface ProductCardData {
  uuid: string;
  model: string;
  slug: string;
  header_photo: PictureView;
  /** The category's key figures of this machine (at most three), written in the page's language. */
  figures: readonly { key: string; name: ShownText; value: ShownText }[];
  /** "de la 450 lei/zi + TVA" or "Preț la cerere", only while the site shows prices (decision 093). */
  price?: string;
}

/**
 * The card's width in the card grid (card-grid.module.css): two columns on phones, then
 * beside the 16rem menu at most 340 px wide with two columns, 280 px with three from 1008 px on.
 */
const CARD_SIZES = pictureSizes(
  [
    ["(max-width: 760px)", "50vw"],
    ["(max-width: 1007px)", "340px"],
  ],
  "280px",
);

/**
 * A product in a category list: its offer photo and model, one link to the product page; under it
 * its key figures (the category's chosen ones, at most three) and the buttons that add it to the
 * quote list and to the comparison. `category`: its names as the list keeps them; `kind`: its
 * category's name shown under the model, where the list mixes categories (search results). The link
 * is a plain one, opened in the app by the list's handler (app/lib/list-links.ts) with
 * CATALOGUE_LINK; a category's list adds the way back to itself (app/lib/list-return.ts).
 */
export const ProductCard = memo(function ProductCard({
  product,
  categorySlug,
  category,
  kind,
}: {
  product: ProductCardData;
  categorySlug: string;
  category: QuoteMachine["category"];
  kind?: ShownText;
}) {
  const path = productPath(categorySlug, product.slug);
  return (
    <div className={styles.card}>
      <a href={path} className={styles.link} data-discover="true">
        <Picture picture={product.header_photo} sizes={CARD_SIZES} alt="" className={styles.photo} />
        <span className={styles.model}>{product.model}</span>
      </a>
      {kind ? (
        <p>
          <Shown text={kind} />
        </p>
      ) : null}
      {product.figures.length > 0 ? (
        <dl>
          {product.figures.map(({ key, name, value }) => (
            <div key={key}>
              <dt>
                <Shown text={name} />
              </dt>
              <dd>
                <Shown text={value} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {product.price ? (
        <p>
          <strong>{product.price}</strong>
        </p>
      ) : null}
      <AddToQuoteList machine={{ id: product.uuid, model: product.model, category, path }} className={styles.add} />
      <AddToCompare id={product.uuid} model={product.model} className={styles.add} />
    </div>
  );
});
