/** Reply shapes of the public catalogue calls, shared by the API, the pages and the tests. */

/** Shown for a product whose category was deleted (spec §2). */
export const UNKNOWN_CATEGORY = "Necunoscut";

export interface PictureView {
  /** Absolute path of the original under /media, stable and immutably cached. */
  image: string;
  alt: string;
  /** Intrinsic size, so pages reserve the space before the picture loads. */
  width: number;
  height: number;
}

export interface CategoryView {
  uuid: string;
  name: string;
  slug: string;
  header_photo: string | null;
}

export interface ProductView {
  uuid: string;
  model: string;
  slug: string;
  /** The category name as text, or UNKNOWN_CATEGORY. */
  category: string;
  category_uuid: string | null;
  category_slug: string | null;
  header_offer: string;
  details: string;
  technical_data: string;
  header_photo: PictureView;
  gallery: PictureView[];
}

export interface BannerView extends PictureView {
  uuid: string;
}

export interface ConfigurationEntry {
  uuid: string;
  key: string;
  value: string;
}

export interface VersionView {
  version: string;
  default: {
    shortHash: string | null;
    subject: string | null;
    authoredOn: number | null;
    committedOn: number | null;
    branch: string | null;
    tags: string[];
  };
}
