import { Link } from "react-router";
import type { PictureView } from "../../common/catalogue.ts";
import { productPath } from "../lib/paths.ts";
import { SCROLL_TO_CONTENT } from "../lib/use-content-scroll.ts";
import { Picture } from "./picture.tsx";
import styles from "./product-card.module.css";

export interface ProductCardData {
  uuid: string;
  model: string;
  slug: string;
  header_photo: PictureView;
}

/** A product in a category list: its offer photo and model, the whole card one link to the product page. */
export function ProductCard({ product, categorySlug }: { product: ProductCardData; categorySlug: string }) {
  return (
    <Link to={productPath(categorySlug, product.slug)} className={styles.card} preventScrollReset state={SCROLL_TO_CONTENT}>
      <Picture picture={product.header_photo} alt="" className={styles.photo} />
      <span className={styles.model}>{product.model}</span>
    </Link>
  );
}
