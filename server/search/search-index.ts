import MiniSearch, { type Query, type SearchResult } from "minisearch";
import type { CategoryView, PictureView, ProductView } from "../../common/catalogue.ts";
import { figureMatches, parseQuery, quantityOf, searchWords, TYPO_MIN_LENGTH, type Quantity } from "../../common/search/search-query.ts";
import type { SpecificationValues } from "../../common/specifications/specification-schema.ts";

/**
 * The catalogue's search index (decision 060): one MiniSearch index of the machines, held in the
 * server process and built again from the catalogue when its version changes (search-service.ts).
 * A machine is found by its model (its words, and the model without spaces and dashes: "pc210"
 * finds "PC210LC-11", "kx 057" finds "KX057-5"), by its category's names in both languages and by
 * its offer line and its choices' and texts' values in both languages; words forgive case, diacritics, a missing end (prefixes) and, from
 * TYPO_MIN_LENGTH letters, one typo. Figures with a unit are checked against the typed values.
 */

/** What a result carries: enough for a card and a suggestion, not the machine's texts. */
export interface SearchEntry {
  uuid: string;
  model: string;
  slug: string;
  category: string;
  category_en: string;
  category_uuid: string | null;
  category_slug: string | null;
  header_photo: PictureView;
  specifications: SpecificationValues;
  /** Its number values in comparable terms, for queries with figures. */
  figures: Quantity[];
}

/** Why a machine was found, best first: its model, its category, else its texts. */
export type MatchKind = "model" | "category" | "text";
const RANK: Record<MatchKind, number> = { model: 0, category: 1, text: 2 };

export interface SearchHit {
  entry: SearchEntry;
  match: MatchKind;
}

interface IndexedDocument {
  id: number;
  model: string;
  /** The model without separators, from each of its words on: "komatsupc210lc11", "pc210lc11", "11". */
  modelKeys: string;
  category: string;
  text: string;
}

const FIELDS = ["model", "modelKeys", "category", "text"] as const;
/** The index's own tokeniser: the words as search-query.ts cuts them (folded), so a query and a text agree. */
const tokenize = (text: string): string[] => searchWords(text);
/** Machines indexed between two yields to the event loop while an index is built. */
const SLICE = 200;
/**
 * The fields' weights: large enough apart that MiniSearch's own order is the ranking (a model match,
 * then a category, then a text), so a query scans only the best results, never classifies them all.
 */
const BOOST = { model: 100, modelKeys: 100, category: 10, text: 1 };

export class SearchIndex {
  private readonly entries: SearchEntry[];
  private readonly index: MiniSearch<IndexedDocument>;

  private constructor(entries: SearchEntry[], index: MiniSearch<IndexedDocument>) {
    this.entries = entries;
    this.index = index;
  }

  /** Built in slices that yield to the event loop, so that requests are served meanwhile. */
  static async build(categories: readonly CategoryView[], products: readonly ProductView[]): Promise<SearchIndex> {
    const definitions = new Map(categories.map((category) => [category.uuid, category.specifications]));
    const entries: SearchEntry[] = [];
    const documents: IndexedDocument[] = [];
    for (const product of products) {
      const numbers = (definitions.get(product.category_uuid ?? "") ?? []).flatMap((definition) => {
        const value = product.specifications[definition.uuid];
        return definition.kind === "number" && definition.unit !== null && typeof value === "number" ? [quantityOf(value, definition.unit)] : [];
      });
      const words = (definitions.get(product.category_uuid ?? "") ?? []).flatMap((definition) => {
        const value = product.specifications[definition.uuid];
        if (definition.kind === "choice") return definition.options.filter((option) => option.uuid === value).flatMap((option) => [option.name, option.name_en]);
        return definition.kind === "text" && typeof value === "object" && value !== null ? Object.values(value) : [];
      });
      const modelWords = searchWords(product.model);
      documents.push({
        id: entries.length,
        model: product.model,
        modelKeys: modelWords.map((_, from) => modelWords.slice(from).join("")).join(" "),
        category: product.category_uuid === null ? "" : `${product.category} ${product.category_en}`,
        // The offer line, not the description: a description names other machines ("stands in for a small crane").
        text: [product.header_offer, product.header_offer_en, ...words].map(plainText).join(" "),
      });
      entries.push({
        uuid: product.uuid,
        model: product.model,
        slug: product.slug,
        category: product.category,
        category_en: product.category_en,
        category_uuid: product.category_uuid,
        category_slug: product.category_slug,
        header_photo: product.header_photo,
        specifications: product.specifications,
        figures: numbers,
      });
    }
    const index = new MiniSearch<IndexedDocument>({ fields: [...FIELDS], tokenize, processTerm: (term) => term });
    await index.addAllAsync(documents, { chunkSize: SLICE });
    return new SearchIndex(entries, index);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The machines a query finds, best first: model matches, then category, then text; at most `limit`. */
  search(query: string, limit: number): SearchHit[] {
    const { words, figures } = parseQuery(query);
    const withFigures = (entry: SearchEntry) => figures.every((asked) => entry.figures.some((value) => figureMatches(asked, value)));
    if (words.length === 0) {
      if (figures.length === 0) return [];
      return this.entries.filter(withFigures).slice(0, limit).map((entry) => ({ entry, match: "text" }));
    }
    const hits: SearchHit[] = [];
    const results = this.index.search(wordQuery(words), {
      boost: BOOST,
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => (term.length >= TYPO_MIN_LENGTH ? 1 : 0),
      weights: { prefix: 0.6, fuzzy: 0.3 },
    });
    for (const result of results) {
      const entry = this.entries[result.id as number];
      if (!withFigures(entry)) continue;
      hits.push({ entry, match: matchKind(result) });
      if (hits.length === limit) break;
    }
    // The weights make this order already but for the rarest scores; the kinds' order is the promise.
    return hits.sort((a, b) => RANK[a.match] - RANK[b.match]);
  }
}

/**
 * Every word must be found (in any field). A word of TYPO_MIN_LENGTH letters or more may have one
 * typo (fuzzy) and, since a typo is often in what is being typed, may also be the beginning of a
 * word without its last letter ("excavatr" finds "Excavatoare" through "excavat…"). Several words
 * may also be one model written apart ("pc 210", "bw 120 ad"), looked for without their spaces.
 */
function wordQuery(words: readonly string[]): Query {
  const each: Query = {
    combineWith: "AND",
    queries: words.map((word) => (word.length < TYPO_MIN_LENGTH ? word : { combineWith: "OR", queries: [word, { queries: [word.slice(0, -1)], fuzzy: false }] })),
  };
  if (words.length === 1) return each;
  return { combineWith: "OR", queries: [each, { queries: [words.join("")], fields: ["modelKeys"], prefix: true, fuzzy: false }] };
}

function matchKind(result: SearchResult): MatchKind {
  const fields = new Set(Object.values(result.match as Record<string, string[]>).flat());
  if (fields.has("model") || fields.has("modelKeys")) return "model";
  return fields.has("category") ? "category" : "text";
}

/** The words of a rich text: its tags out. */
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, " ");
}

