import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import sharp from "sharp";
import type { ProductView } from "../common/catalogue/catalogue-views.ts";
import { imageIdFromPath } from "../common/media/media-paths.ts";
import { productPath } from "../common/pages/page-urls.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { headerlessCsvZip, packableText, zipOf } from "../tests/helpers/hostile-files.ts";
import { zipEntries } from "../tests/helpers/zip-entries.ts";
import { createActivityEntries } from "./lib/activity-entries.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { familyRss } from "./lib/family-rss.ts";
import { startProber } from "./lib/health-prober.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * No file or export of the back-office stalls the site (decision 090): the production server (SQLite,
 * the demo catalogue) meets each case of an attacker's read, its files made here, while /healthz and
 * a cached product page are called one request after the other from worker threads and the RSS of
 * the server and its children is sampled every 20 ms:
 *
 * 1. the import's preview of a 200 KB ZIP of ten header-less CSVs (one row of 80 fields of 25 000
 *    characters each), three times;
 * 2. two previews at once, three times, of a workbook whose sharedStrings.xml unpacks to 95 MB (past
 *    the budget), then of one of 22 MB (within it: read by exceljs in the import's child);
 * 3. the Jurnal's CSV of its 100 000 entries (BENCH_JOURNAL_ENTRIES), names of 300 characters;
 * 4. four banner uploads of 5 pictures of about 9 MB each (60 MB of JSON each) at once, the demo's
 *    banners deleted first; each set is taken down once accepted (a banner set holds five), so all
 *    four are read, decoded, stored and have their variants made, as four administrators' would;
 *    measured until every variant is on disk.
 *
 * Budgets: /healthz and the cached page p99 < 100 ms in each case; RSS with children < 400 MB in
 * cases 1–3, < 512 MB in case 4.
 *
 *   node bench/back-office-bounds.ts
 *   BENCH_CASES=4 node bench/back-office-bounds.ts     (only the cases named, by number)
 */

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MB = 1024 * 1024;
/** The cases to run (BENCH_CASES="2,4"), every one by default. */
const chosen = process.env.BENCH_CASES?.split(",").map((name) => name.trim());
const runs = (number: number) => !chosen || chosen.includes(String(number));
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
};

/** A workbook of one sheet with the export's headers whose shared strings hold `characters` of text. */
async function heavyWorkbook(characters: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Excavatoare").addRow(["id", "Categorie", "Model", "Detalii"]);
  const entries = await zipEntries(Buffer.from(await workbook.xlsx.writeBuffer()));
  const strings = entries.get("xl/sharedStrings.xml")?.toString() ?? "";
  entries.set(
    "xl/sharedStrings.xml",
    Buffer.from(strings.replace("</sst>", `<si><t>${packableText(characters)}</t></si></sst>`)),
  );
  return zipOf(Object.fromEntries([...entries].filter(([name]) => !name.endsWith("/"))));
}

/** A PNG of noise of about `bytes` (noise does not deflate), within the banner's 10 MB. */
async function noisePicture(bytes: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

await runBench(async (cleanup) => {
  requireProductionBuild();
  const password = "back-office-bounds-1";
  const dataDir = cleanup.tempDir("utilaje-bench-back-office-");
  const entries = envNumber("BENCH_JOURNAL_ENTRIES", 100_000);
  {
    // The Jurnal filled before the server starts (its migrations made by the first open), 300-character names.
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await createActivityEntries(database.db, entries, "x".repeat(300));
    await database.close();
  }
  const server = await startProductionServer(cleanup, {
    dataDir,
    seedDemo: true,
    adminPassword: password,
    // The night's backup, due a minute after a start past its hour (a fresh folder has none), would
    // fall in whichever case runs then, its child's memory counted as the case's; it has its own
    // bench (bench/nightly-backup.ts).
    env: { BACKUP_AT: "off" },
  });
  const headers = await adminHeaders(server.url, password);
  const products = (await (await fetch(`${server.url}/api/product`)).json()) as ProductView[];
  const cat = products.find((product) => product.model === "CAT 320");
  if (!cat) throw new Error("no demo machine CAT 320");
  const page = productPath(cat.category_slug ?? "", cat.slug);
  await (await fetch(`${server.url}${page}`)).arrayBuffer();

  const post = async (pathname: string, body: Buffer | string, type: string) => {
    const reply = await fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { ...headers, "Content-Type": type },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
    const text = await reply.text();
    return reply.ok ? String(reply.status) : `${reply.status} ${text.slice(0, 80)}`;
  };
  const download = async (pathname: string) => {
    const reply = await fetch(`${server.url}${pathname}`, { headers });
    let bytes = 0;
    for await (const chunk of reply.body ?? []) bytes += (chunk as Uint8Array).byteLength;
    return { status: reply.status, bytes };
  };

  /** How many variants of `ids` are on disk, once all `expected` are (or two minutes have passed). */
  const variantsMade = async (ids: readonly string[], expected: number) => {
    const count = () => {
      const names = readdirSync(path.join(dataDir, "media-cache"));
      return names.filter((name) => ids.some((id) => name.startsWith(`${id}-`)) && !name.endsWith(".tmp")).length;
    };
    for (let waited = 0; waited < 1200 && count() < expected; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return count();
  };

  const figures: Figure[] = [];
  const measure = async (name: string, rssBudget: number, work: () => Promise<string>) => {
    // Each case from the server alone: the work pools' children of the case before let go first.
    for (let waited = 0; waited < 100; waited += 1) {
      const { total, own } = familyRss(server.pid);
      if (total === own) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const load = await waitForQuietMachine();
    const health = startProber(`${server.url}/healthz`);
    const cached = startProber(`${server.url}${page}`);
    const before = familyRss(server.pid);
    let highest = before.total;
    let ownAtHighest = before.own;
    let highestOwn = before.own;
    const sampler = setInterval(() => {
      const { total, own } = familyRss(server.pid);
      if (total > highest) [highest, ownAtHighest] = [total, own];
      highestOwn = Math.max(highestOwn, own);
    }, 20);
    const started = performance.now();
    const outcome = await work();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const [healthTimes, pageTimes] = await Promise.all([health.stop(), cached.stop()]);
    const context = `${outcome}; ${round(seconds)} s; load ${load ?? "?"} before, ${loadAverage()} after`;
    figures.push(
      {
        name: `${name}: /healthz p99`,
        value: round(percentile(healthTimes, 0.99)),
        unit: "ms",
        budget: 100,
        kind: "below",
        details: `${healthTimes.length} calls, median ${round(percentile(healthTimes, 0.5))} ms, slowest ${round(healthTimes.reduce((a, b) => Math.max(a, b), 0))} ms; ${context}`,
      },
      {
        name: `${name}: cached product page p99`,
        value: round(percentile(pageTimes, 0.99)),
        unit: "ms",
        budget: 100,
        kind: "below",
        details: `${pageTimes.length} calls, median ${round(percentile(pageTimes, 0.5))} ms`,
      },
      {
        name: `${name}: RSS of the server and its children, highest`,
        value: round(highest),
        unit: "MB",
        budget: rssBudget,
        kind: "below",
        details: `before ${round(before.total)} MB (server ${round(before.own)} MB); the server's own ${round(ownAtHighest)} MB then, its highest ${round(highestOwn)} MB`,
      },
    );
  };

  const csvZip = await headerlessCsvZip(10, 1, 80, 25_000);
  if (runs(1))
    await measure("1. ZIP of header-less CSVs, previewed 3 times", 400, async () => {
      const statuses = [];
      for (let round = 0; round < 3; round += 1)
        statuses.push(await post("/api/catalogue/import/preview", csvZip, "application/zip"));
      return `${round(csvZip.length / 1024)} KB; statuses ${statuses.join(", ")}`;
    });

  for (const megabytes of runs(2) ? [95, 22] : []) {
    const workbook = await heavyWorkbook(megabytes * MB);
    await measure(`2. workbook of a ${megabytes} MB sharedStrings.xml, 2 previews at once, 3 times`, 400, async () => {
      const statuses = [];
      for (let round = 0; round < 3; round += 1)
        statuses.push(
          ...(await Promise.all([1, 2].map(() => post("/api/catalogue/import/preview", workbook, XLSX_TYPE)))),
        );
      return `${round(workbook.length / MB)} MB; statuses ${statuses.join(", ")}`;
    });
  }

  if (runs(3))
    await measure(`3. the Jurnal's CSV of ${entries} entries`, 400, async () => {
      const { status, bytes } = await download("/api/activity/export");
      return `status ${status}, ${round(bytes / MB)} MB`;
    });

  if (!runs(4)) return writeResults("back-office-bounds", figures);
  // The demo's banners out of the way (to the trash): five pictures are a whole banner set.
  const banners = (await (await fetch(`${server.url}/api/banner/all`)).json()) as { uuid: string }[];
  for (const { uuid } of banners) await fetch(`${server.url}/api/banner/${uuid}`, { method: "DELETE", headers });
  const pictures = await Promise.all([1, 2, 3, 4, 5].map(() => noisePicture(9 * MB)));
  const body = JSON.stringify({
    banner: pictures.map((picture) => ({ mime_type: "image/png", image: picture.toString("base64") })),
  });
  await measure("4. four banner uploads of 5 pictures at once, each accepted", 512, async () => {
    // Four administrators each put up a set of five; each takes its set down once it is accepted, so
    // that the next finds room: every upload is read, decoded, stored and has its variants made. One
    // told the server is busy (503) sends it again after its Retry-After, as the screen's message asks.
    const pictureIds: string[] = [];
    const upload = async (): Promise<string> => {
      const reply = await fetch(`${server.url}/api/banner/create`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body,
      });
      if (reply.status === 503) {
        await reply.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, Number(reply.headers.get("Retry-After")) * 1000));
        return `503 then ${await upload()}`;
      }
      if (!reply.ok) return `${reply.status} ${(await reply.text()).slice(0, 80)}`;
      const created = (await reply.json()) as { uuid: string; image: string }[];
      pictureIds.push(...created.map(({ image }) => imageIdFromPath(image) ?? ""));
      await Promise.all(
        created.map(({ uuid }) => fetch(`${server.url}/api/banner/${uuid}`, { method: "DELETE", headers })),
      );
      return String(reply.status);
    };
    const statuses = await Promise.all([1, 2, 3, 4].map(upload));
    // Measured until the last upload's variants are made too (each picture's 5 widths in 2 formats):
    // they run after its answer, and the memory they take is the case's.
    const variants = await variantsMade(pictureIds, pictureIds.length * 10);
    return `${round(body.length / MB)} MB each; statuses ${statuses.join(", ")}; ${variants} of ${pictureIds.length * 10} variants made`;
  });

  return writeResults("back-office-bounds", figures);
});
