import { Link } from "react-router";
import type { PictureView } from "../../common/catalogue.ts";
import { productPath } from "../../common/page-urls.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { SCROLL_TO_CONTENT } from "../lib/use-content-scroll.ts";
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

/** A product in a category list: its offer photo and model, the whole card one link to the product page. */
export function ProductCard({ product, categorySlug }: { product: ProductCardData; categorySlug: string }) {
  return (
    <Link to={productPath(categorySlug, product.slug)} className={styles.card} preventScrollReset state={SCROLL_TO_CONTENT}>
      <Picture picture={product.header_photo} sizes={CARD_SIZES} alt="" className={styles.photo} />
      <span className={styles.model}>{product.model}</span>
    </Link>
  );
}
