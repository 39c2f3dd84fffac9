import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { startProber } from "./lib/health-prober.ts";
import { createLargeCatalogue } from "./lib/large-catalogue.ts";
import { processMemory } from "./lib/process-memory.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * The catalogue's spreadsheets (decision 076): 5 000 machines in 300 categories (BENCH_PRODUCTS,
 * BENCH_CATEGORIES) exported whole as a workbook and as a ZIP of CSVs by the production server, on
 * SQLite, then the workbook sent back to the import's dry run. Figures: each export's seconds
 * (budget 10 s), the preview's (budget 15 s, every row unchanged), the server's RSS growth over the
 * exports and over the preview (budget 150 MB each), and /healthz probed one call after the other
 * from a worker thread while the workbook is made (p99 within 100 ms: the writer works one category
 * at a time on the event loop, which keeps answering). Then the import's commit (decision 077) of the
 * workbook with every machine's English header offer changed: every row written in one transaction
 * (budget 30 s).
 */

/** The exported workbook with every machine's "Antet Oferta [EN]" changed: a commit that writes every row. */
async function everyRowChanged(file: Uint8Array): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  for (const sheet of workbook.worksheets) {
    const headers = sheet.getRow(1).values as unknown[];
    const column = headers.indexOf("Antet Oferta [EN]");
    if (headers[1] !== "id" || column < 1) continue;
    for (let row = 2; row <= sheet.rowCount; row += 1)
      sheet.getCell(row, column).value = `Rental of ${String(sheet.getCell(row, 3).value)}`;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const EXPORT_BUDGET_S = 10;
const PREVIEW_BUDGET_S = 15;
const COMMIT_BUDGET_S = 30;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const RSS_BUDGET_MB = 150;
const HEALTH_BUDGET_MS = 100;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

await runBench(async (cleanup) => {
  requireProductionBuild();
  const size = { products: envNumber("BENCH_PRODUCTS", 5000), categories: envNumber("BENCH_CATEGORIES", 300) };
  const dataDir = cleanup.tempDir("utilaje-bench-spreadsheets-");
  console.log(`spreadsheets: creating ${size.products} machines in ${size.categories} categories…`);
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    await createLargeCatalogue(database.db, size);
  } finally {
    await database.close();
  }
  const adminPassword = randomBytes(12).toString("hex");
  const server = await startProductionServer(cleanup, { dataDir, seedDemo: false, adminPassword });
  const headers = await adminHeaders(server.url, adminPassword);

  const exportOnce = async (format: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/catalogue/export?format=${format}`, { headers });
    if (response.status !== 200) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
    const file = new Uint8Array(await response.arrayBuffer());
    return { seconds: (performance.now() - started) / 1000, bytes: file.byteLength, file };
  };

  const rssBefore = processMemory(server.pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, processMemory(server.pid).rss)), 50);
  const prober = startProber(`${server.url}/healthz`);
  const workbook = await exportOnce("xlsx");
  const latencies = (await prober.stop()).sort((a, b) => a - b);
  const csv = await exportOnce("csv");
  clearInterval(sampler);
  const rssBeforePreview = processMemory(server.pid).rss;
  let rssPreviewPeak = rssBeforePreview;
  const previewSampler = setInterval(
    () => (rssPreviewPeak = Math.max(rssPreviewPeak, processMemory(server.pid).rss)),
    50,
  );
  const previewStarted = performance.now();
  const preview = await fetch(`${server.url}/api/catalogue/import/preview`, {
    method: "POST",
    headers: { ...headers, "Content-Type": XLSX_TYPE },
    body: workbook.file,
  });
  const previewBody = (await preview.json()) as { counts?: Record<string, number> };
  const previewSeconds = (performance.now() - previewStarted) / 1000;
  clearInterval(previewSampler);
  if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(previewBody)}`);
  const changed = await everyRowChanged(workbook.file);
  const commitStarted = performance.now();
  const commit = await fetch(`${server.url}/api/catalogue/import/commit`, {
    method: "POST",
    headers: { ...headers, "Content-Type": XLSX_TYPE },
    body: new Uint8Array(changed),
  });
  const commitBody = (await commit.json()) as Record<string, number>;
  const commitSeconds = (performance.now() - commitStarted) / 1000;
  if (commit.status !== 200 || commitBody.changed !== size.products)
    throw new Error(`commit: ${commit.status} ${JSON.stringify(commitBody)}`);
  console.log(`spreadsheets: commit of every row changed ${round(commitSeconds)} s, ${JSON.stringify(commitBody)}`);
  const growth = rssPeak - rssBefore;
  console.log(
    `spreadsheets: workbook ${round(workbook.seconds)} s (${round(workbook.bytes / 1e6)} MB), CSV ZIP ${round(csv.seconds)} s (${round(csv.bytes / 1e6)} MB), RSS ${round(rssBefore)} → ${round(rssPeak)} MB, /healthz p99 ${round(percentile(latencies, 0.99))} ms over ${latencies.length} calls`,
  );
  console.log(
    `spreadsheets: preview of the workbook ${round(previewSeconds)} s, counts ${JSON.stringify(previewBody.counts)}, RSS ${round(rssBeforePreview)} → ${round(rssPreviewPeak)} MB`,
  );
  const detail = `${size.products} machines, ${size.categories} categories, SQLite`;
  const figures: Figure[] = [
    {
      name: "export of the catalogue as XLSX",
      value: round(workbook.seconds),
      unit: "s",
      budget: EXPORT_BUDGET_S,
      kind: "below",
      details: `${detail}; ${round(workbook.bytes / 1e6)} MB`,
    },
    {
      name: "export of the catalogue as CSV (ZIP)",
      value: round(csv.seconds),
      unit: "s",
      budget: EXPORT_BUDGET_S,
      kind: "below",
      details: `${detail}; ${round(csv.bytes / 1e6)} MB`,
    },
    {
      name: "preview of the exported workbook",
      value: round(previewSeconds),
      unit: "s",
      budget: PREVIEW_BUDGET_S,
      kind: "below",
      details: `${detail}; counts ${JSON.stringify(previewBody.counts)}`,
    },
    {
      name: "commit of the workbook with every row changed",
      value: round(commitSeconds),
      unit: "s",
      budget: COMMIT_BUDGET_S,
      kind: "below",
      details: `${detail}; every machine's English header offer changed, one transaction; ${JSON.stringify(commitBody)}`,
    },
    {
      name: "server RSS growth while previewing",
      value: round(rssPreviewPeak - rssBeforePreview),
      unit: "MB",
      budget: RSS_BUDGET_MB,
      kind: "at-most",
      details: `${round(rssBeforePreview)} MB before, ${round(rssPreviewPeak)} MB at the peak (sampled every 50 ms)`,
    },
    {
      name: "server RSS growth while exporting",
      value: round(growth),
      unit: "MB",
      budget: RSS_BUDGET_MB,
      kind: "at-most",
      details: `${round(rssBefore)} MB before, ${round(rssPeak)} MB at the peak (sampled every 50 ms)`,
    },
    {
      name: "/healthz p99 while the workbook is made",
      value: round(percentile(latencies, 0.99)),
      unit: "ms",
      budget: HEALTH_BUDGET_MS,
      kind: "at-most",
      details: `${latencies.length} calls one after the other; p50 ${round(percentile(latencies, 0.5))} ms, slowest ${round(latencies.at(-1) ?? 0)} ms`,
    },
  ];
  return writeResults("spreadsheets", figures);
});
