import { Link } from "react-router";
import type { PictureView } from "../../common/catalogue.ts";
import { productPath } from "../../common/page-urls.ts";
import type { QuoteMachine } from "../../common/leads/quote-list-schema.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { SCROLL_TO_CONTENT } from "../lib/use-content-scroll.ts";
import { AddToQuoteList } from "./add-to-quote-list.tsx";
import { Picture } from "./picture.tsx";
import styles from "./product-card.module.css";

export interface ProductCardData {
  uuid: string;
  model: string;
  slug: string;
  header_photo: PictureView;
}

/**
 * The card's width in the category grid (routes/category.module.css): two columns on phones, then
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
 * A product in a category list: its offer photo and model, one link to the product page, and below
 * it the button that adds it to the quote list. `category`: its names as the list keeps them.
 */
export function ProductCard({ product, categorySlug, category }: { product: ProductCardData; categorySlug: string; category: QuoteMachine["category"] }) {
  const path = productPath(categorySlug, product.slug);
  return (
    <div className={styles.card}>
      <Link to={path} className={styles.link} preventScrollReset state={SCROLL_TO_CONTENT}>
        <Picture picture={product.header_photo} sizes={CARD_SIZES} alt="" className={styles.photo} />
        <span className={styles.model}>{product.model}</span>
      </Link>
      <AddToQuoteList machine={{ id: product.uuid, model: product.model, category, path }} className={styles.add} />
    </div>
  );
}
