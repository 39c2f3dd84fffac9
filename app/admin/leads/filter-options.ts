import type { ComboboxItem, ComboboxItemGroup } from "@mantine/core";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import type { LeadItemView } from "../../../common/leads/lead-schemas.ts";
import { DELETED_MACHINE } from "./lead-labels.ts";

/** The value of 'every machine' / 'every category': no filter. */
export const ANY = "";

type Options = (ComboboxItem | ComboboxItemGroup<ComboboxItem, string>)[];

const byName = (a: string, b: string) => a.localeCompare(b, "ro");

/**
 * The inbox's machine filter: the catalogue's machines grouped by category. A machine filtered on
 * that is no longer in the catalogue (a link from the overview, an old address) stays selectable,
 * named by what the listed requests kept of it.
 */
export function machineOptions(
  products: readonly ProductView[],
  selected: string | undefined,
  listed: readonly LeadItemView[],
): Options {
  const groups = new Map<string, ComboboxItem[]>();
  for (const product of products) {
    const group = groups.get(product.category) ?? [];
    group.push({ value: product.uuid, label: product.model });
    groups.set(product.category, group);
  }
  const options: Options = [{ value: ANY, label: "Toate utilajele" }];
  if (selected && !products.some((product) => product.uuid === selected)) {
    const model = listed.find((item) => item.productId === selected)?.model ?? "Utilaj";
    options.push({ value: selected, label: `${model} (${DELETED_MACHINE})` });
  }
  for (const [group, items] of [...groups].sort(([a], [b]) => byName(a, b))) {
    options.push({ group, items: items.sort((a, b) => byName(a.label, b.label)) });
  }
  return options;
}

/** The inbox's category filter: the catalogue's categories, and a filtered one since deleted. */
export function categoryOptions(
  categories: readonly CategoryView[],
  selected: string | undefined,
  listed: readonly LeadItemView[],
): Options {
  const options: Options = [{ value: ANY, label: "Toate categoriile" }];
  if (selected && !categories.some((category) => category.uuid === selected)) {
    const name = listed.find((item) => item.categoryId === selected)?.category ?? "Categorie";
    options.push({ value: selected, label: `${name} (stearsa)` });
  }
  const sorted = [...categories].sort((a, b) => byName(a.name, b.name));
  return [...options, ...sorted.map((category) => ({ value: category.uuid, label: category.name }))];
}
