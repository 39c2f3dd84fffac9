import type { BannerView } from "../../../common/catalogue/catalogue-views.ts";
import { textChange } from "../editing/versioned-save.ts";

/** What another administrator's save changed in a banner picture's texts (and its picture). */
export function bannerChanges(basis: BannerView, current: BannerView): string[] {
  return [
    ...textChange("Text pe poza", basis.caption, current.caption),
    ...textChange("Text pe poza (engleza)", basis.caption_en, current.caption_en),
    ...textChange("Descrierea pozei", basis.alt, current.alt),
    ...textChange("Descrierea pozei (engleza)", basis.alt_en, current.alt_en),
    ...(basis.image === current.image ? [] : ["Poza"]),
  ];
}
