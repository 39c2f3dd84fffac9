import type { Kysely } from "kysely";
import { diffWords } from "diff";
import { revisionFieldWords, type RevisionChange, type WordChange } from "../../common/revisions/revision-schemas.ts";
import { PRODUCT_TEXT_FIELDS } from "../../common/language/product-texts.ts";
import { UNITS, isUnitKey } from "../../common/specifications/units.ts";
import { plainText } from "../../common/text/rich-text.ts";
import { amountInput } from "../../common/pricing/amount-text.ts";
import { findCategoryById } from "../db/repositories/categories.ts";
import { listSpecificationOptions, listSpecifications } from "../db/repositories/specifications.ts";
import type { Database } from "../db/schema.ts";
import type { CategoryState, ProductState } from "../snapshots/item-states.ts";
import { changedFields } from "./revision-changes.ts";
import type { ItemState } from "./revision-state.ts";

/**
 * A revision's changes in words, field by field (decision 078): texts as they read, a rich text as
 * its plain text with a word diff (never its HTML), a category by its name, pictures counted,
 * figures with their units, choices by their names.
 */

type Db = Kysely<Database>;

const RICH_TEXTS = new Set<string>(PRODUCT_TEXT_FIELDS);

/**
 * A word diff's time on the server's thread: two long texts that share little cost the diff
 * seconds (its work grows with their length times their differences); past this, the whole text
 * is shown removed and the new one added.
 */
const WORD_DIFF_MS = 100;

/**
 * A request's budget for its rich texts in words (decision 090): six texts of 199 000 characters made
 * one reply 0.6–0.86 s and 2.4 MB, ten at once stalled the site. Their diffs take 250 ms in all, and
 * their texts 120 000 characters (before and after) in all; a text past either is said changed,
 * without its words.
 */
const REQUEST_DIFF_MS = 250;
const REQUEST_TEXT_CHARS = 120_000;

/** What is left of one request's budget; each rich text takes its share in the order they are read. */
class WordsBudget {
  private chars = REQUEST_TEXT_CHARS;
  private readonly deadline = performance.now() + REQUEST_DIFF_MS;

  /** The time a diff may take now, or undefined when these texts do not fit what is left. */
  take(before: string, after: string): number | undefined {
    const left = this.deadline - performance.now();
    if (left <= 0 || before.length + after.length > this.chars) return undefined;
    this.chars -= before.length + after.length;
    return Math.min(WORD_DIFF_MS, left);
  }
}

/** A rich text's change past the request's budget: said, not shown (as a picture's is). */
const UNSHOWN = { before: "textul de dinainte", after: "modificat (prea lung pentru a fi aratat aici)" };

/** The word diff of two plain texts: runs of kept, inserted and deleted words. */
export function wordDiff(before: string, after: string, timeout = WORD_DIFF_MS): WordChange[] {
  const parts = diffWords(before, after, { timeout });
  if (!parts) {
    return [
      ...(before ? [{ text: before, change: "removed" as const }] : []),
      ...(after ? [{ text: after, change: "added" as const }] : []),
    ];
  }
  return parts.map((part) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}

function change(field: string, before: string, after: string, label = revisionFieldWords(field)): RevisionChange {
  return { field, label, before, after };
}

async function categoryName(db: Db, id: string | null): Promise<string> {
  if (id === null) return "Necunoscut";
  return (await findCategoryById(db, id))?.name ?? "(categorie stearsa)";
}

function galleryWords(before: readonly string[], after: readonly string[]): [string, string] {
  const added = after.filter((id) => !before.includes(id)).length;
  const removed = before.filter((id) => !after.includes(id)).length;
  const detail = added + removed === 0 ? "aceleasi poze, in alta ordine" : `${added} adaugate, ${removed} scoase`;
  return [`${before.length} poze`, `${after.length} poze (${detail})`];
}

/** A machine's prices as the Istoric reads them: "zi 450,00; saptamana 2500,00; minim 2 zile". */
function priceWords({ product }: ProductState): string {
  const amounts = [
    ["zi", product.price_day],
    ["saptamana", product.price_week],
    ["luna", product.price_month],
    ["garantie", product.price_deposit],
    ["operator/zi", product.price_operator_day],
  ] as const;
  const words = [
    ...amounts.flatMap(([name, amount]) => (amount === null ? [] : [`${name} ${amountInput(amount)}`])),
    ...(product.price_minimum_days === null ? [] : [`minim ${product.price_minimum_days} zile`]),
    ...(product.price_on_request === 1 ? ["pret la cerere"] : []),
  ];
  return words.length === 0 ? "(fara preturi)" : words.join("; ");
}

type ValueRow = ProductState["values"][number];

/** Each value in words, by specification id, read with the definitions of the categories named. */
async function valueWords(db: Db, categoryIds: readonly string[], rows: readonly ValueRow[]) {
  const definitions = new Map((await listSpecifications(db, categoryIds)).map((row) => [row.id, row]));
  const options = new Map((await listSpecificationOptions(db, categoryIds)).map((row) => [row.id, row.name]));
  const words = new Map<string, { name: string; text: string }>();
  for (const row of rows) {
    const definition = definitions.get(row.specification_id);
    const unit = definition?.unit && isUnitKey(definition.unit) ? ` ${UNITS[definition.unit].ro}` : "";
    const text =
      row.number_value !== null
        ? `${row.number_value.toLocaleString("ro-RO")}${unit}`
        : row.option_id !== null
          ? (options.get(row.option_id) ?? "(optiune stearsa)")
          : row.yes_no !== null
            ? row.yes_no === 1
              ? "Da"
              : "Nu"
            : [row.text_ro, row.text_en].filter(Boolean).join(" / ");
    words.set(row.specification_id, { name: definition?.name ?? "(specificatie stearsa)", text });
  }
  return words;
}

async function productChanges(db: Db, before: ProductState, after: ProductState): Promise<RevisionChange[]> {
  const changes: RevisionChange[] = [];
  const budget = new WordsBudget();
  for (const field of changedFields({ kind: "product", state: before }, { kind: "product", state: after })) {
    if (field === "model") changes.push(change(field, before.product.model, after.product.model));
    else if (field === "category")
      changes.push(
        change(
          field,
          await categoryName(db, before.product.category_id),
          await categoryName(db, after.product.category_id),
        ),
      );
    else if (RICH_TEXTS.has(field)) {
      const key = field as keyof ProductState["product"];
      const old = plainText(String(before.product[key]));
      const now = plainText(String(after.product[key]));
      const timeout = budget.take(old, now);
      if (timeout === undefined) changes.push(change(field, UNSHOWN.before, UNSHOWN.after));
      else changes.push({ ...change(field, old, now), words: wordDiff(old, now, timeout) });
    } else if (field === "units")
      changes.push(change(field, String(before.product.units), String(after.product.units)));
    else if (field === "prices") changes.push(change(field, priceWords(before), priceWords(after)));
    else if (field === "header_photo") changes.push(change(field, "poza de dinainte", "alta poza"));
    else if (field === "gallery") changes.push(change(field, ...galleryWords(before.gallery, after.gallery)));
    else if (field === "specifications") {
      const categories = [before.product.category_id, after.product.category_id].filter((id) => id !== null);
      const old = await valueWords(db, categories, before.values);
      const now = await valueWords(db, categories, after.values);
      for (const id of new Set([...old.keys(), ...now.keys()])) {
        const a = old.get(id);
        const b = now.get(id);
        if (a?.text === b?.text) continue;
        changes.push(
          change("specifications", a?.text ?? "(fara valoare)", b?.text ?? "(fara valoare)", (b ?? a)?.name),
        );
      }
    }
  }
  return changes;
}

/** A category's specifications as lines: name, kind, unit, options. */
function definitionLines(state: CategoryState): string {
  return state.specifications
    .map((definition) => {
      const options = state.options.filter((option) => option.specification_id === definition.id);
      const unit = definition.unit && isUnitKey(definition.unit) ? ` (${UNITS[definition.unit].ro})` : "";
      const choices = options.length > 0 ? `: ${options.map((option) => option.name).join(", ")}` : "";
      return `${definition.name}${unit}${choices}`;
    })
    .join("; ");
}

function categoryChanges(before: CategoryState, after: CategoryState): RevisionChange[] {
  return changedFields({ kind: "category", state: before }, { kind: "category", state: after }).map((field) =>
    field === "specifications"
      ? change(field, definitionLines(before) || "(niciuna)", definitionLines(after) || "(niciuna)")
      : change(
          field,
          field === "name" ? before.category.name : before.category.name_en,
          field === "name" ? after.category.name : after.category.name_en,
        ),
  );
}

/** What changed from `before` to `after`, field by field, in words. */
export async function changesInWords(db: Db, before: ItemState, after: ItemState): Promise<RevisionChange[]> {
  if (before.kind === "product" && after.kind === "product") return productChanges(db, before.state, after.state);
  if (before.kind === "category" && after.kind === "category") return categoryChanges(before.state, after.state);
  if (before.kind === "configuration" && after.kind === "configuration")
    return changedFields(before, after).map((key) =>
      change(key, before.state.entries[key] ?? "", after.state.entries[key] ?? ""),
    );
  throw new Error(`Revisions of a ${before.kind} and a ${after.kind} compared`);
}
