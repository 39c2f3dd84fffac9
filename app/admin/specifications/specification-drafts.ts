import {
  CARD_SPECIFICATIONS_MAX,
  SPECIFICATION_OPTIONS_MIN,
  type SpecificationKind,
  type SpecificationView,
} from "../../../common/specifications/specification-schema.ts";
import type { UnitKey } from "../../../common/specifications/units.ts";

/**
 * A category's specifications as its form edits them: the payload's items (common/specifications/
 * specification-input.ts) plus a `key` per item and per option, which names it to React while it
 * moves and has no uuid yet. The form's values have the payload's paths, so the server's
 * `specifications.N.name` codes land on their fields.
 */

export interface OptionDraft {
  key: string;
  uuid?: string;
  name: string;
  name_en: string;
}

export interface SpecificationDraft {
  key: string;
  /** Absent for a specification added in this form. */
  uuid?: string;
  name: string;
  name_en: string;
  kind: SpecificationKind;
  unit: UnitKey | null;
  options: OptionDraft[];
  on_card: boolean;
  filter: boolean;
}

/** The category form's values: its names, and its specifications in their order. */
export type CategoryFormValues = { name: string; name_en: string; specifications: SpecificationDraft[] };

let drafted = 0;
/** A key for a new item: unique in the page, never sent. */
function newKey(): string {
  drafted += 1;
  return `new-${drafted}`;
}

export function draftsOf(specifications: readonly SpecificationView[]): SpecificationDraft[] {
  return specifications.map((specification) => ({
    key: specification.uuid,
    uuid: specification.uuid,
    name: specification.name,
    name_en: specification.name_en,
    kind: specification.kind,
    unit: specification.unit,
    options: specification.options.map((option) => ({
      key: option.uuid,
      uuid: option.uuid,
      name: option.name,
      name_en: option.name_en,
    })),
    on_card: specification.on_card,
    filter: specification.filter,
  }));
}

export function newOption(): OptionDraft {
  return { key: newKey(), name: "", name_en: "" };
}

/** A new specification: a number without a unit until one is chosen, neither on the cards nor a filter. */
export function newSpecification(): SpecificationDraft {
  return {
    key: newKey(),
    name: "",
    name_en: "",
    kind: "number",
    unit: null,
    options: [],
    on_card: false,
    filter: false,
  };
}

/**
 * The draft with another kind: a unit only for a number, options only for a choice (starting with
 * the two a choice needs at least, or the ones it had).
 */
export function withKind(draft: SpecificationDraft, kind: SpecificationKind): SpecificationDraft {
  const options =
    kind !== "choice"
      ? []
      : draft.options.length > 0
        ? draft.options
        : Array.from({ length: SPECIFICATION_OPTIONS_MIN }, newOption);
  return { ...draft, kind, unit: kind === "number" ? draft.unit : null, options };
}

/** Whether the specification at `index` may be switched onto the cards (it is there, or there is room). */
export function mayShowOnCard(drafts: readonly SpecificationDraft[], index: number): boolean {
  return drafts[index]?.on_card === true || drafts.filter((draft) => draft.on_card).length < CARD_SPECIFICATIONS_MAX;
}

/** The payload's `specifications`: the drafts in their order, without their keys. */
export function specificationsPayload(drafts: readonly SpecificationDraft[]) {
  return drafts.map(({ uuid, name, name_en, kind, unit, options, on_card, filter }) => ({
    ...(uuid === undefined ? {} : { uuid }),
    name,
    name_en,
    kind,
    // A unit only for a number, options only for a choice: the other kinds carry neither.
    ...(kind === "number" ? { unit } : {}),
    ...(kind === "choice"
      ? {
          options: options.map((option) => ({
            ...(option.uuid === undefined ? {} : { uuid: option.uuid }),
            name: option.name,
            name_en: option.name_en,
          })),
        }
      : {}),
    on_card,
    filter,
  }));
}
