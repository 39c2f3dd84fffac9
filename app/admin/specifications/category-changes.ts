import type { CategoryView } from "../../../common/catalogue/catalogue-views.ts";
import { textChange } from "../editing/versioned-save.ts";

/**
 * What another administrator's save changed in a category, from the version the form was filled
 * from to the stored one: its names, and its specifications added, removed, changed or moved.
 */
export function categoryChanges(basis: CategoryView, current: CategoryView): string[] {
  const before = new Map(basis.specifications.map((specification) => [specification.uuid, specification]));
  const after = new Map(current.specifications.map((specification) => [specification.uuid, specification]));
  const lines = [
    ...textChange("Nume", basis.name, current.name),
    ...textChange("Nume (engleza)", basis.name_en, current.name_en),
  ];
  for (const specification of current.specifications) {
    const old = before.get(specification.uuid);
    if (!old) lines.push(`Specificatie adaugata: „${specification.name}”`);
    else if (JSON.stringify(old) !== JSON.stringify(specification))
      lines.push(
        `Specificatie modificata: „${old.name}”${old.name === specification.name ? "" : ` → „${specification.name}”`}`,
      );
  }
  for (const specification of basis.specifications)
    if (!after.has(specification.uuid)) lines.push(`Specificatie eliminata: „${specification.name}”`);
  const order = (view: CategoryView) =>
    view.specifications.flatMap((specification) =>
      before.has(specification.uuid) && after.has(specification.uuid) ? [specification.uuid] : [],
    );
  if (order(basis).join() !== order(current).join()) lines.push("Ordinea specificatiilor");
  return lines;
}
