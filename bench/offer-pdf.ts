import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ProductView } from "../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../common/days/romanian-day.ts";
import type { OfferView } from "../common/offers/offer-schemas.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { runBench } from "./lib/bench-main.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * The offer document's budget (decision 094), on the production server with the demo catalogue and
 * its letterhead: an offer of 12 machine lines (a full page) with discounts, notes and the terms,
 * its PDF (GET /api/offers/{id}/pdf, never cached) asked `--rounds` times one at a time once the
 * sheets' worker is warm (the first document, which starts the child and loads pdfkit and the
 * fonts, is not counted); p95 < 1 s, the median and the largest size in the details.
 *
 *   node bench/offer-pdf.ts [--rounds N]
 */

const { values: flags } = parseArgs({ options: { rounds: { type: "string", default: "40" } } });
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

await runBench(async (cleanup) => {
  requireProductionBuild();
  const password = "offer-pdf-bench-1";
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-bench-offer-"),
    seedDemo: true,
    adminPassword: password,
  });
  const headers = await adminHeaders(server.url, password);
  const products = (await (await fetch(`${server.url}/api/product`)).json()) as ProductView[];
  if (products.length === 0) throw new Error("no demo machine");
  const today = romanianDay();
  const lines = Array.from({ length: 12 }, (_, index) => ({
    kind: "machine",
    product_uuid: products[index % products.length].uuid,
    first_day: addDays(today, 1),
    last_day: addDays(today, 2 + index * 3),
    with_operator: index % 2 === 0,
    // Written: the demo's machines may have no rates; the document draws the same either way.
    amount: 45_000 * (index + 1),
    discount: index % 3 === 0 ? 500 : 0,
  }));
  const created = await fetch(`${server.url}/api/offers`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      customer_name: "Ionuț Știrbu",
      customer_company: "Construcții Bârlad SRL",
      discount: 1000,
      notes: "Livrare pe șantier, între orele 8 și 16.",
      lines,
    }),
  });
  if (created.status !== 201) throw new Error(`offer: ${created.status} ${await created.text()}`);
  const offer = (await created.json()) as OfferView;
  const get = async () => {
    const started = performance.now();
    const reply = await fetch(`${server.url}/api/offers/${offer.uuid}/pdf`, { headers });
    const bytes = (await reply.arrayBuffer()).byteLength;
    if (reply.status !== 200 || reply.headers.get("Content-Type") !== "application/pdf")
      throw new Error(`offer PDF: ${reply.status}`);
    return { ms: performance.now() - started, bytes };
  };

  const first = await get();
  const loadBefore = await waitForQuietMachine();
  const times: number[] = [];
  let largest = first.bytes;
  for (let index = 0; index < Number(flags.rounds); index += 1) {
    const { ms, bytes } = await get();
    times.push(ms);
    largest = Math.max(largest, bytes);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
  return writeResults("offer-pdf", [
    {
      name: "offer PDF made uncached (12 lines), worker warm, p95",
      value: round(p95),
      unit: "ms",
      budget: 1000,
      kind: "below",
      details: `${times.length} documents one at a time; median ${round(times[Math.floor(times.length / 2)] ?? Number.NaN)} ms; first (child started) ${round(first.ms)} ms; largest ${round(largest / 1024)} KB; load ${loadBefore ?? loadAverage()} before`,
    },
  ]);
});
