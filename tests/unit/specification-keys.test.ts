import { describe, expect, it } from "vitest";
import { filterParameterNames, filterSpecifications } from "../../common/specifications/filter-address.ts";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import { newOptionKey, newSpecificationKey } from "../../server/catalogue/specification-keys.ts";

/** Keys made one after the other for a category's specifications, in order. */
function keysOf(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => newSpecificationKey(name, taken));
}

describe("a specification's key", () => {
  it("never meets another parameter of its page, whichever comes first", () => {
    expect(keysOf(["Greutate", "Greutate min", "Greutate max"])).toEqual([
      "greutate",
      "greutate-min-2",
      "greutate-max-2",
    ]);
    expect(keysOf(["Greutate min", "Greutate"])).toEqual(["greutate-min-2", "greutate"]);
    expect(keysOf(["Sort", "Lang", "Minim", "Max"])).toEqual(["sort-2", "lang-2", "minim", "max"]);
    // The free range's two days (liber-de, liber-pana) are the category page's own parameters too.
    expect(keysOf(["Liber de", "Liber pana"])).toEqual(["liber-de-2", "liber-pana-2"]);
  });

  it("gives every parameter of a category with a number and choices named after its ends a name of its own", () => {
    const [weight, from, to] = keysOf(["Greutate", "Greutate min", "Greutate max"]);
    const view = (key: string, kind: SpecificationView["kind"]): SpecificationView => ({
      uuid: key,
      key,
      name: key,
      name_en: "",
      kind,
      unit: null,
      options: kind === "choice" ? [{ uuid: "o", key: "a", name: "a", name_en: "" }] : [],
      on_card: false,
      filter: true,
    });
    const offered = filterSpecifications([view(weight, "number"), view(from, "choice"), view(to, "yes_no")]);
    expect([...filterParameterNames(offered)].sort()).toEqual([
      "greutate-max",
      "greutate-max-2",
      "greutate-min",
      "greutate-min-2",
      "liber-de",
      "liber-pana",
      "sort",
    ]);
  });
});

describe("an option's key", () => {
  it("is only a value: unique among its specification's options, whatever it ends in", () => {
    const taken = new Set<string>();
    expect(["Sort", "Putere min", "Putere min!"].map((name) => newOptionKey(name, taken))).toEqual([
      "sort",
      "putere-min",
      "putere-min-2",
    ]);
  });
});
