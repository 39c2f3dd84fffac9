import { describe, expect, it } from "vitest";
import { keysetPages, spreadsheetCsvStream } from "../../server/core/spreadsheet-csv.ts";

/**
 * The exports' stream (server/core/spreadsheet-csv.ts, decision 090) reads its rows a page at a
 * time, only as its reader takes them: a download read halfway has read about half, never the
 * whole log into memory first; cancelled, it stops reading.
 */

const ROWS = 10_000;
const PAGE = 100;

/** `ROWS` rows read by a keyset in pages of `PAGE`, counting the reads. */
function countedPages() {
  const counted = { reads: 0, after: [] as (number | undefined)[] };
  const read = async (after: number | undefined, limit: number) => {
    counted.reads += 1;
    counted.after.push(after);
    const first = (after ?? -1) + 1;
    return Array.from({ length: Math.max(0, Math.min(limit, ROWS - first)) }, (_, index) => first + index);
  };
  const pages = keysetPages(read, PAGE, Number.POSITIVE_INFINITY);
  const rows = (async function* () {
    for await (const page of pages) yield page.map((value) => [`rand ${value}`, value]);
  })();
  return { counted, rows };
}

describe("the exports' CSV stream", () => {
  it("reads a page when its reader takes one, each from the row after the last", async () => {
    const { counted, rows } = countedPages();
    const reader = spreadsheetCsvStream(["Text", "Numar"], rows, () => undefined).getReader();
    for (let chunk = 0; chunk < 5; chunk += 1) expect((await reader.read()).done).toBe(false);
    // Time for a stream that read ahead to do so.
    for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    // The header, four pages taken and one queued ahead at most.
    expect(counted.reads).toBeLessThanOrEqual(6);
    expect(counted.after.slice(0, 3)).toEqual([undefined, 99, 199]);
    await reader.cancel();
    const afterCancel = counted.reads;
    await new Promise((resolve) => setImmediate(resolve));
    expect(counted.reads).toBe(afterCancel);
  });

  it("holds every row once, read to its end", async () => {
    const { counted, rows } = countedPages();
    const text = await new Response(spreadsheetCsvStream(["Text", "Numar"], rows, () => undefined)).text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(ROWS + 1);
    expect(new Set(lines.slice(1)).size).toBe(ROWS);
    expect(counted.reads).toBe(ROWS / PAGE + 1);
  });
});
