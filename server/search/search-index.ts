import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { UNKNOWN_CATEGORY } from "../../common/catalogue/catalogue-views.ts";
import {
  createWordReader,
  figureMatches,
  parseQuery,
  quantityOf,
  searchWords,
  TYPO_MIN_LENGTH,
  type Quantity,
} from "../../common/search/search-query.ts";
import type { SearchableProduct } from "../catalogue/read.ts";

/**
 * The catalogue's search index (decision 060), held in the server process and built again from the
 * catalogue when its version changes (search-service.ts). A machine is found by its model (its
 * words, and the model without spaces and dashes: "pc210" finds "PC210LC-11", "kx 057" finds
 * "KX057-5"), by its category's names in both languages and by its offer line and its choices' and
 * texts' values in both languages; words forgive case, diacritics, a missing end (prefixes) and,
 * from TYPO_MIN_LENGTH letters, one typo. Figures with a unit are checked against the typed values.
 *
 * An inverted index of our own in typed arrays: one sorted vocabulary, and per field one list of
 * machine numbers per word. MiniSearch kept two Maps per word and a Map entry per (word, machine),
 * about 0.7 KB per distinct word and 40 bytes per occurrence: 66 MB at 10 000 machines, where this
 * needs 4 bytes per occurrence (decision 060).
 */

/** What a result carries: enough for a suggestion; the results page reads its machines by uuid. */
export interface SearchEntry {
  uuid: string;
  model: string;
  slug: string;
  category: SearchCategory;
  /** Its number values in comparable terms, for queries with figures. */
  figures: Quantity[];
}

/** A machine's category as suggestions name it; UNKNOWN_CATEGORY for a machine whose category was deleted. */
export interface SearchCategory {
  name: string;
  name_en: string;
  slug: string | null;
}

/** Why a machine was found, best first: its model, its category, else its texts. */
export type MatchKind = "model" | "category" | "text";
const RANK: Record<MatchKind, number> = { model: 0, category: 1, text: 2 };

export interface SearchHit {
  entry: SearchEntry;
  match: MatchKind;
}

/**
 * Where a word was found: the model's words, the model without separators from each word on, the
 * category's names, the texts.
 */
const FIELDS = ["model", "modelKeys", "category", "text"] as const;
type Field = (typeof FIELDS)[number];
const KIND: Record<Field, MatchKind> = { model: "model", modelKeys: "model", category: "category", text: "text" };
/** The fields' weights, for the order within a kind (the kind orders first). */
const BOOST: Record<Field, number> = { model: 100, modelKeys: 100, category: 10, text: 1 };
/**
 * How a word matched, as a share of the field's weight: whole, as a beginning (times the share of
 * the word typed), with a typo.
 */
const EXACT = 1;
const PREFIX = 0.6;
const FUZZY = 0.3;
/** Words shorter than this are matched whole only. */
const PREFIX_MIN_LENGTH = 2;

const UNKNOWN: SearchCategory = { name: UNKNOWN_CATEGORY, name_en: "", slug: null };

const ALL_FIELDS = FIELDS.map((_, slot) => slot);
const MODEL_KEYS = [FIELDS.indexOf("modelKeys")];
/** Machines indexed between two yields to the event loop when a whole catalogue is given at once. */
const BUILD_SLICE = 250;

/** Resolves on a later turn of the event loop, after the I/O waiting: the pauses of a build. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A machine's kind by the fields it matched (one bit per field): its best field's. */
const KIND_OF_FIELDS: MatchKind[] = Array.from({ length: 1 << FIELDS.length }, (_, bits) =>
  FIELDS.filter((_, slot) => bits & (1 << slot))
    .map((field) => KIND[field])
    .reduce<MatchKind>((best, kind) => (RANK[kind] < RANK[best] ? kind : best), "text"),
);

/**
 * One field's occurrences: the machines of vocabulary word `w` are `machines[starts[w] … starts[w +
 * 1]]`, ascending.
 */
interface Postings {
  starts: Int32Array;
  machines: Int32Array;
}

/**
 * Takes the catalogue a page at a time (search-service.ts reads it in pages, between turns of the
 * event loop) and makes the index at the end.
 */
export class SearchIndexBuilder {
  private readonly categories: Map<
    string,
    { category: SearchCategory; words: string[]; definitions: CategoryView["specifications"] }
  >;
  private readonly entries: SearchEntry[] = [];
  private readonly occurrences = new Map<string, number[][]>();
  private readonly words = createWordReader();

  constructor(categories: readonly CategoryView[]) {
    this.categories = new Map(
      categories.map((category) => [
        category.uuid,
        {
          category: { name: category.name, name_en: category.name_en, slug: category.slug },
          words: searchWords(`${category.name} ${category.name_en}`),
          definitions: category.specifications,
        },
      ]),
    );
  }

  add(products: readonly SearchableProduct[]): void {
    for (const product of products) {
      const machine = this.entries.length;
      const category = this.categories.get(product.category_uuid ?? "");
      const definitions = category?.definitions ?? [];
      const figures = definitions.flatMap((definition) => {
        const value = product.specifications[definition.uuid];
        return definition.kind === "number" && definition.unit !== null && typeof value === "number"
          ? [quantityOf(value, definition.unit)]
          : [];
      });
      const values = definitions.flatMap((definition) => {
        const value = product.specifications[definition.uuid];
        if (definition.kind === "choice")
          return definition.options
            .filter((option) => option.uuid === value)
            .flatMap((option) => [option.name, option.name_en]);
        return definition.kind === "text" && typeof value === "object" && value !== null ? Object.values(value) : [];
      });
      const modelWords = this.words(product.model);
      this.note(machine, "model", modelWords);
      // The model's words joined from each word on; a single word is already in `model`.
      this.note(
        machine,
        "modelKeys",
        modelWords.slice(0, -1).map((_, from) => modelWords.slice(from).join("")),
      );
      this.note(machine, "category", category?.words ?? []);
      // The offer line, not the description: a description names other machines ("stands in for a small crane").
      this.note(
        machine,
        "text",
        this.words([product.header_offer, product.header_offer_en, ...values].map(plainText).join(" ")),
      );
      this.entries.push({
        uuid: product.uuid,
        model: product.model,
        slug: product.slug,
        category: category?.category ?? UNKNOWN,
        figures,
      });
    }
  }

  private note(machine: number, field: Field, words: readonly string[]): void {
    const slot = FIELDS.indexOf(field);
    for (const word of words) {
      let lists = this.occurrences.get(word);
      if (!lists) {
        lists = FIELDS.map(() => []);
        this.occurrences.set(word, lists);
      }
      const list = lists[slot];
      // Machines are added in ascending order: a repeated word is its list's last machine.
      if (list.at(-1) !== machine) list.push(machine);
    }
  }

  /** Makes the index, a field per turn of the event loop. */
  async finish(): Promise<SearchIndex> {
    // The default order compares UTF-16 code units, as the prefix search's binary search does.
    const vocabulary = [...this.occurrences.keys()].sort();
    const lists = vocabulary.map((word) => this.occurrences.get(word) ?? []);
    const postings: Postings[] = [];
    for (const slot of FIELDS.keys()) {
      await nextTurn();
      const starts = new Int32Array(vocabulary.length + 1);
      lists.forEach((list, index) => (starts[index + 1] = starts[index] + list[slot].length));
      const machines = new Int32Array(starts[vocabulary.length]);
      lists.forEach((list, index) => machines.set(list[slot], starts[index]));
      postings.push({ starts, machines });
    }
    await nextTurn();
    // Ties are ordered by model, whatever order the database gave the machines in.
    const byModel = this.entries
      .map((_, index) => index)
      .sort(
        (a, b) =>
          byCodeUnits(this.entries[a].model, this.entries[b].model) ||
          byCodeUnits(this.entries[a].uuid, this.entries[b].uuid),
      );
    const order = new Int32Array(this.entries.length);
    byModel.forEach((machine, rank) => (order[machine] = rank));
    return new SearchIndex(this.entries, vocabulary, postings, order, Int32Array.from(byModel));
  }
}

export class SearchIndex {
  /** Per word length, the vocabulary's words of that length (the typo search compares words of nearby lengths only). */
  private readonly byLength: Int32Array[] = [];
  /**
   * Reused by every search (they run one at a time): per machine, its score so far, the words it
   * matched and the fields.
   */
  private readonly score: Float64Array;
  private readonly wordScore: Float64Array;
  private readonly matched: Uint8Array;
  private readonly fields: Uint8Array;
  private readonly wordFields: Uint8Array;

  private readonly entries: readonly SearchEntry[];
  private readonly vocabulary: readonly string[];
  private readonly postings: readonly Postings[];
  /** Each machine's rank by model, and the machines in that order. */
  private readonly order: Int32Array;
  private readonly byModel: Int32Array;

  constructor(
    entries: readonly SearchEntry[],
    vocabulary: readonly string[],
    postings: readonly Postings[],
    order: Int32Array,
    byModel: Int32Array,
  ) {
    this.entries = entries;
    this.vocabulary = vocabulary;
    this.postings = postings;
    this.order = order;
    this.byModel = byModel;
    const lengths: number[][] = [];
    vocabulary.forEach((word, index) => (lengths[word.length] ??= []).push(index));
    for (const [length, words] of lengths.entries()) this.byLength[length] = Int32Array.from(words ?? []);
    const count = entries.length;
    this.score = new Float64Array(count);
    this.wordScore = new Float64Array(count);
    this.matched = new Uint8Array(count);
    this.fields = new Uint8Array(count);
    this.wordFields = new Uint8Array(count);
  }

  /**
   * Built in slices that yield to the event loop, so that requests are served meanwhile (the tests'
   * small catalogues).
   */
  static async build(
    categories: readonly CategoryView[],
    products: readonly SearchableProduct[],
  ): Promise<SearchIndex> {
    const builder = new SearchIndexBuilder(categories);
    for (let first = 0; first < products.length; first += BUILD_SLICE) {
      builder.add(products.slice(first, first + BUILD_SLICE));
      await nextTurn();
    }
    return builder.finish();
  }

  get size(): number {
    return this.entries.length;
  }

  /** The machines a query finds, best first: model matches, then category, then text; at most `limit`. */
  search(query: string, limit: number): SearchHit[] {
    const { words, figures } = parseQuery(query);
    const withFigures = (machine: number) =>
      figures.every((asked) => this.entries[machine].figures.some((value) => figureMatches(asked, value)));
    if (words.length === 0) {
      if (figures.length === 0) return [];
      const hits: SearchHit[] = [];
      for (const machine of this.byModel) {
        if (hits.length === limit) break;
        if (withFigures(machine)) hits.push({ entry: this.entries[machine], match: "text" });
      }
      return hits;
    }
    const { score, matched, fields } = this;
    score.fill(0);
    matched.fill(0);
    fields.fill(0);
    for (const word of words) {
      this.scoreWord(this.expansions(word), ALL_FIELDS);
      for (let machine = 0; machine < score.length; machine++) {
        if (this.wordScore[machine] === 0) continue;
        score[machine] += this.wordScore[machine];
        matched[machine] += 1;
        fields[machine] |= this.wordFields[machine];
      }
    }
    // Several words may also be one model written apart ("pc 210", "bw 120 ad"), looked for without their spaces.
    if (words.length > 1) {
      const joined = words.join("");
      const [from, to] = this.prefixRange(joined);
      const terms = new Map<number, number>();
      for (let term = from; term < to; term++) terms.set(term, PREFIX * (joined.length / this.vocabulary[term].length));
      this.scoreWord(terms, MODEL_KEYS);
      for (let machine = 0; machine < score.length; machine++) {
        if (this.wordScore[machine] === 0) continue;
        score[machine] += this.wordScore[machine];
        matched[machine] = words.length;
        fields[machine] |= this.wordFields[machine];
      }
    }
    return this.best(words.length, withFigures, limit);
  }

  /** The `limit` best machines that matched every word and the figures: by kind, then score, then model. */
  private best(wordCount: number, withFigures: (machine: number) => boolean, limit: number): SearchHit[] {
    const chosen: number[] = [];
    const rank = (machine: number) => RANK[KIND_OF_FIELDS[this.fields[machine]]];
    const before = (a: number, b: number) =>
      rank(a) !== rank(b)
        ? rank(a) < rank(b)
        : this.score[a] !== this.score[b]
          ? this.score[a] > this.score[b]
          : this.order[a] < this.order[b];
    for (let machine = 0; machine < this.score.length; machine++) {
      if (this.matched[machine] !== wordCount) continue;
      if (chosen.length === limit && !before(machine, chosen[limit - 1])) continue;
      if (!withFigures(machine)) continue;
      let at = chosen.length;
      while (at > 0 && before(machine, chosen[at - 1])) at--;
      chosen.splice(at, 0, machine);
      if (chosen.length > limit) chosen.pop();
    }
    return chosen.map((machine) => ({ entry: this.entries[machine], match: KIND_OF_FIELDS[this.fields[machine]] }));
  }

  /**
   * The vocabulary's words a query word stands for, with their weight: itself; from
   * PREFIX_MIN_LENGTH letters, the words it begins; from TYPO_MIN_LENGTH letters, the words one typo
   * away and, since a typo is often in what is being typed, the words its first letters but the last
   * begin ("excavatr" finds "Excavatoare" through "excavat…").
   */
  private expansions(word: string): Map<number, number> {
    const terms = new Map<number, number>();
    const take = (term: number, weight: number) => {
      if (weight > (terms.get(term) ?? 0)) terms.set(term, weight);
    };
    const beginnings = (start: string) => {
      const [from, to] = this.prefixRange(start);
      for (let term = from; term < to; term++)
        take(term, this.vocabulary[term] === word ? EXACT : PREFIX * (start.length / this.vocabulary[term].length));
    };
    if (word.length >= PREFIX_MIN_LENGTH) beginnings(word);
    else {
      const [from, to] = this.prefixRange(word);
      if (from < to && this.vocabulary[from] === word) take(from, EXACT);
    }
    if (word.length >= TYPO_MIN_LENGTH) {
      beginnings(word.slice(0, -1));
      for (let length = word.length - 1; length <= word.length + 1; length++) {
        for (const term of this.byLength[length] ?? [])
          if (oneEditApart(word, this.vocabulary[term])) take(term, FUZZY);
      }
    }
    return terms;
  }

  /** Into wordScore and wordFields: per machine, the best weight of these words in these fields. */
  private scoreWord(terms: ReadonlyMap<number, number>, slots: readonly number[]): void {
    this.wordScore.fill(0);
    this.wordFields.fill(0);
    for (const [term, weight] of terms) {
      for (const slot of slots) {
        const { starts, machines } = this.postings[slot];
        const score = BOOST[FIELDS[slot]] * weight;
        for (let at = starts[term]; at < starts[term + 1]; at++) {
          const machine = machines[at];
          if (score > this.wordScore[machine]) this.wordScore[machine] = score;
          this.wordFields[machine] |= 1 << slot;
        }
      }
    }
  }

  /** The vocabulary's words that begin with `start`: [from, to). */
  private prefixRange(start: string): [number, number] {
    return [lowerBound(this.vocabulary, start), lowerBound(this.vocabulary, `${start}\uffff`)];
  }
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first index of a sorted list whose word is not before `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether two different words are one letter changed, added or removed apart. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // Past the first difference, the rest must be equal: shifted by one when a letter is added, else after the changed
  // letter.
  return short.length === long.length ? short.slice(i + 1) === long.slice(i + 1) : short.slice(i) === long.slice(i + 1);
}

/** The words of a rich text: its tags out. */
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, " ");
}
