import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { ZipFile } from "yazl";
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
 * (budget 30 s), the server's RSS growth over it (budget 150 MB); then a ZIP of the workbook with
 * BENCH_IMPORT_PICTURES new machines and their photos (decision 079): its commit's seconds (budget
 * 30 s) and RSS growth (budget 150 MB), every picture through the admin upload's pipeline.
 *
 * `--baseline DIR`: the same run against the server of another checkout (its build), its figures
 * written as `spreadsheets-baseline`; run both one after the other and compare (decision 090: the
 * preview and the commit no slower than 0.9× of the baseline's).
 */

/**
 * A workbook of `count` new machines in the export's first category (its sheet's headers, none of
 * its rows: the file stays within the 5 000 rows), each with the same photo as its header picture,
 * zipped as the export's ZIP names pictures.
 */
async function withNewMachines(file: Uint8Array, count: number, photo: Buffer): Promise<Buffer> {
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(file as unknown as ExcelJS.Buffer);
  const source = exported.worksheets.find((item) => item.getCell("A1").value === "id");
  if (!source) throw new Error("no category sheet in the export");
  const headers = (source.getRow(1).values as unknown[]).slice(1).map(String);
  const category = String(source.getCell("B2").value);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(source.name);
  sheet.addRow(headers);
  const zip = new ZipFile();
  for (let index = 1; index <= count; index += 1) {
    const cells: Record<string, string> = {
      Categorie: category,
      Model: `Bench nou ${index}`,
      "Antet Oferta": "Oferta",
      Detalii: "Detalii",
      "Date tehnice": "Date",
    };
    sheet.addRow(headers.map((header) => cells[header] ?? null));
    zip.addBuffer(photo, `bench-nou-${index}/01-antet.jpg`);
  }
  zip.addBuffer(Buffer.from(await workbook.xlsx.writeBuffer()), "catalog.xlsx");
  zip.end();
  return buffer(zip.outputStream);
}

/** The category of the export's first category sheet, by its name as its rows write it. */
async function categoryOfFirstSheet(file: Uint8Array): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets.find((item) => item.getCell("A1").value === "id");
  return String(sheet?.getCell("B2").value);
}

/** The peak of the server's RSS while `work` runs, sampled every 50 ms, and the work's seconds. */
async function measured<T>(pid: number, work: () => Promise<T>) {
  const before = processMemory(pid).rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, processMemory(pid).rss)), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

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
/** A machine from the import's ZIP costs no more than the same machine through the form (its picture's pipeline is the same). */
const FORM_RATIO_BUDGET = 1;
const FORM_SAMPLES = 10;
const HEALTH_BUDGET_MS = 100;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const root = values.baseline ? path.resolve(values.baseline) : undefined;
  requireProductionBuild(root);
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
  const server = await startProductionServer(cleanup, { dataDir, seedDemo: false, adminPassword, root });
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
  const commitRun = await measured(server.pid, async () => {
    const commit = await fetch(`${server.url}/api/catalogue/import/commit`, {
      method: "POST",
      headers: { ...headers, "Content-Type": XLSX_TYPE },
      body: new Uint8Array(changed),
    });
    return { status: commit.status, body: (await commit.json()) as Record<string, number> };
  });
  const commitBody = commitRun.result.body;
  const commitSeconds = commitRun.seconds;
  if (commitRun.result.status !== 200 || commitBody.changed !== size.products)
    throw new Error(`commit: ${commitRun.result.status} ${JSON.stringify(commitBody)}`);
  console.log(
    `spreadsheets: commit of every row changed ${round(commitSeconds)} s, ${JSON.stringify(commitBody)}, RSS ${round(commitRun.before)} → ${round(commitRun.peak)} MB`,
  );

  // New machines with their photos, from a ZIP (decision 079): a photo of a camera's size and weight
  // (light noise: about 215 kB; strong noise, 900 kB, takes the pipeline 2.5 times as long).
  const pictures = envNumber("BENCH_IMPORT_PICTURES", 100);
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 8 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  // The same photo through the product form's create call, a machine at a time: what the form costs a machine.
  const formCategory = await categoryOfFirstSheet(workbook.file);
  const formStarted = performance.now();
  for (let index = 1; index <= FORM_SAMPLES; index += 1) {
    const created = await fetch(`${server.url}/api/product/create`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        model: `Bench formular ${index}`,
        category: formCategory,
        header_offer: "<p>Oferta</p>",
        details: "<p>Detalii</p>",
        technical_data: "<p>Date</p>",
        header_photo: { mime_type: "image/jpeg", image: photo.toString("base64") },
        gallery: [],
      }),
    });
    if (created.status !== 201) throw new Error(`form's create: ${created.status} ${await created.text()}`);
  }
  const formSeconds = (performance.now() - formStarted) / 1000 / FORM_SAMPLES;
  const zip = await withNewMachines(workbook.file, pictures, photo);
  const picturesRun = await measured(server.pid, async () => {
    const commit = await fetch(`${server.url}/api/catalogue/import/commit`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/zip" },
      body: new Uint8Array(zip),
    });
    return { status: commit.status, body: (await commit.json()) as Record<string, number> };
  });
  if (picturesRun.result.status !== 200 || picturesRun.result.body.created !== pictures)
    throw new Error(`commit with pictures: ${picturesRun.result.status} ${JSON.stringify(picturesRun.result.body)}`);
  console.log(
    `spreadsheets: commit of ${pictures} new machines with their photos (${round(zip.byteLength / 1e6)} MB ZIP) ${round(picturesRun.seconds)} s, RSS ${round(picturesRun.before)} → ${round(picturesRun.peak)} MB`,
  );
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
      name: "server RSS growth while committing every row changed",
      value: round(commitRun.peak - commitRun.before),
      unit: "MB",
      budget: RSS_BUDGET_MB,
      kind: "at-most",
      details: `${round(commitRun.before)} MB before, ${round(commitRun.peak)} MB at the peak (sampled every 50 ms)`,
    },
    {
      name: "commit of new machines with their photos, per machine, ÷ the product form's create",
      value: round(picturesRun.seconds / pictures / formSeconds),
      unit: "×",
      budget: FORM_RATIO_BUDGET,
      kind: "at-most",
      details: `${round(picturesRun.seconds)} s for ${pictures} new machines, the form ${round(formSeconds * 1000)} ms a machine over ${FORM_SAMPLES}; a ${round(photo.byteLength / 1e3)} kB 1600×1200 JPEG each (${round(zip.byteLength / 1e6)} MB ZIP), into a catalogue of ${size.products}; ${JSON.stringify(picturesRun.result.body)}`,
    },
    {
      name: "server RSS growth while committing new machines with their photos",
      value: round(picturesRun.peak - picturesRun.before),
      unit: "MB",
      budget: RSS_BUDGET_MB,
      kind: "at-most",
      details: `${round(picturesRun.before)} MB before, ${round(picturesRun.peak)} MB at the peak (sampled every 50 ms)`,
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
  return writeResults(root ? "spreadsheets-baseline" : "spreadsheets", figures);
});
