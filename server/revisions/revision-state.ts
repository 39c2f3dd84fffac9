import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import type { Kysely } from "kysely";
import { z } from "zod";
import { CONFIGURATION_ITEM, type RevisionKind } from "../../common/revisions/revision-schemas.ts";
import { findCategoryById } from "../db/repositories/categories.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { findProductRow } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";
import {
  categoryState,
  productPictureIds,
  productState,
  readCategoryState,
  readProductState,
} from "../snapshots/item-states.ts";

/** What has revisions: a machine or a category by its id, or the configuration. */
export type RevisionItem =
  { kind: "product"; id: string } | { kind: "category"; id: string } | { kind: "configuration" };

export const configurationState = z.object({ entries: z.record(z.string(), z.string()) });

/** An item's state as a revision keeps it. */
export type ItemState =
  | { kind: "product"; state: z.output<typeof productState> }
  | { kind: "category"; state: z.output<typeof categoryState> }
  | { kind: "configuration"; state: z.output<typeof configurationState> };

export function itemIdOf(item: RevisionItem): string {
  return item.kind === "configuration" ? CONFIGURATION_ITEM : item.id;
}

/** The item as it is stored now; undefined when it does not exist. */
export async function readItemState(db: Kysely<Database>, item: RevisionItem): Promise<ItemState | undefined> {
  if (item.kind === "product") {
    const row = await findProductRow(db, item.id);
    return row && { kind: "product", state: await readProductState(db, row) };
  }
  if (item.kind === "category") {
    const row = await findCategoryById(db, item.id);
    return row && { kind: "category", state: await readCategoryState(db, row) };
  }
  const rows = await listConfiguration(db);
  return {
    kind: "configuration",
    state: {
      entries: Object.fromEntries(rows.map((row) => [row.key, row.value]).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

/** The pictures a state shows: they stay while a revision holding it exists. */
export function pictureIdsOf(item: ItemState): string[] {
  if (item.kind === "product") return productPictureIds(item.state);
  if (item.kind === "category")
    return item.state.category.header_image_id === null ? [] : [item.state.category.header_image_id];
  return [];
}

/**
 * A state as stored: JSON compressed by brotli at quality 5 with a 64 KB window (a demo machine's
 * state, a few KB of texts, becomes about 1.3 KB in about 0.1 ms; quality 6 and the default 4 MB
 * window each cost about five times the time for the same size on such texts: the window is
 * allocated per call).
 */
export function encodeState(item: ItemState): Uint8Array {
  return brotliCompressSync(JSON.stringify(item.state), {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_LGWIN]: 16,
    },
  });
}

export function decodeState(kind: RevisionKind | string, bytes: Uint8Array): ItemState {
  const json: unknown = JSON.parse(brotliDecompressSync(bytes).toString("utf8"));
  if (kind === "product") return { kind, state: productState.parse(json) };
  if (kind === "category") return { kind, state: categoryState.parse(json) };
  return { kind: "configuration", state: configurationState.parse(json) };
}
