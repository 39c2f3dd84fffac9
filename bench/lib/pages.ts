import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";

/** GET `pathname` of `base`; anything but a 200 is an error. */
export async function get(base: string, pathname: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(new URL(pathname, base), init);
  if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
  return response;
}

export async function getJson<T>(base: string, pathname: string): Promise<T> {
  return (await (await get(base, pathname)).json()) as T;
}

export async function getBytes(base: string, pathname: string): Promise<Buffer> {
  return Buffer.from(await (await get(base, pathname)).arrayBuffer());
}

export interface ChosenPages {
  category: CategoryView;
  product: ProductView;
  categoryPath: string;
  productPath: string;
}

/** The pages the page benches weigh: the product with the most photos, and its category. */
export async function choosePages(base: string): Promise<ChosenPages> {
  let chosen: { category: CategoryView; product: ProductView } | undefined;
  for (const category of await getJson<CategoryView[]>(base, "/api/category")) {
    for (const product of await getJson<ProductView[]>(base, `/api/product/category/${category.uuid}`)) {
      if (!chosen || product.gallery.length > chosen.product.gallery.length) chosen = { category, product };
    }
  }
  if (!chosen) throw new Error("The catalogue has no product to weigh");
  const categoryPath = `/categorie/${chosen.category.slug}`;
  return { ...chosen, categoryPath, productPath: `${categoryPath}/utilaj/${chosen.product.slug}` };
}

export interface PublicPage {
  label: string;
  pathname: string;
}

/** Each public page type (home, category, product, contact) in both languages: the pages the script budgets hold. */
export async function publicPages(base: string): Promise<PublicPage[]> {
  const { categoryPath, productPath } = await choosePages(base);
  const types = [
    { label: "home", pathname: "/home" },
    { label: "category", pathname: categoryPath },
    { label: "product", pathname: productPath },
    { label: "contact", pathname: "/contact" },
  ];
  return types.flatMap(({ label, pathname }) => [
    { label: `${label} ro`, pathname },
    { label: `${label} en`, pathname: `${pathname}?lang=en` },
  ]);
}
