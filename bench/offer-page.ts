import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ProductView } from "../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../common/days/romanian-day.ts";
import type { OfferView } from "../common/offers/offer-schemas.ts";
import { openDatabase } from "../server/db/database.ts";
import { markOfferSent } from "../tests/helpers/sent-offers.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { runBench } from "./lib/bench-main.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { waitForQuietMachine } from "./lib/quiet-machine.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * The customer's page of an offer (decision 097), on the production server with the demo catalogue:
 * an offer of 12 machine lines sent (its link's hash and holds written as the sending writes them),
 * then /oferta/<token> asked `--rounds` times one at a time (never cached: each is read and written
 * anew) after a warm-up; p95 < 50 ms, and beside it an unknown token's page (the same lookup).
 *
 *   node bench/offer-page.ts [--rounds N]
 */

const { values: flags } = parseArgs({ options: { rounds: { type: "string", default: "300" } } });
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.ceil(sorted.length * share) - 1] ?? Number.NaN;

await runBench(async (cleanup) => {
  requireProductionBuild();
  const password = "offer-page-bench-1";
  const dataDir = cleanup.tempDir("utilaje-bench-offer-page-");
  const server = await startProductionServer(cleanup, {
    dataDir,
    seedDemo: true,
    adminPassword: password,
    env: { PAGE_RENDER_RATE_LIMIT: "1000000" },
  });
  const headers = await adminHeaders(server.url, password);
  const products = (await (await fetch(`${server.url}/api/product`)).json()) as ProductView[];
  const today = romanianDay();
  const created = await fetch(`${server.url}/api/offers`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      customer_name: "Ionuț Știrbu",
      customer_email: "ionut@client.test",
      discount: 1000,
      notes: "Livrare pe șantier, între orele 8 și 16.",
      lines: Array.from({ length: 12 }, (_, index) => ({
        kind: "machine",
        product_uuid: products[index % products.length].uuid,
        first_day: addDays(today, 1),
        last_day: addDays(today, 2 + index * 3),
        amount: 45_000 * (index + 1),
      })),
    }),
  });
  if (created.status !== 201) throw new Error(`offer: ${created.status} ${await created.text()}`);
  const offer = (await created.json()) as OfferView;
  const database = openDatabase({ dataDir });
  const token = await markOfferSent(database.db, offer.uuid);
  await database.close();

  const time = async (path: string, status: number) => {
    const started = performance.now();
    const reply = await fetch(`${server.url}${path}`);
    await reply.arrayBuffer();
    if (reply.status !== status) throw new Error(`${path}: ${reply.status}`);
    return performance.now() - started;
  };
  for (let index = 0; index < 20; index += 1) await time(`/oferta/${token}`, 200);
  const loadBefore = await waitForQuietMachine();
  const pages: number[] = [];
  const unknown: number[] = [];
  for (let index = 0; index < Number(flags.rounds); index += 1) {
    pages.push(await time(`/oferta/${token}`, 200));
    unknown.push(await time(`/oferta/unknown-${index}-${token.slice(8)}`, 404));
  }
  pages.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);
  return writeResults("offer-page", [
    {
      name: "offer's page /oferta/<token> (12 lines), p95",
      value: round(percentile(pages, 0.95)),
      unit: "ms",
      budget: 50,
      kind: "below",
      details: `${pages.length} pages one at a time over loopback; median ${round(percentile(pages, 0.5))} ms; an unknown token's page p95 ${round(percentile(unknown, 0.95))} ms, median ${round(percentile(unknown, 0.5))} ms; load ${loadBefore ?? loadAverage()} before`,
    },
  ]);
});
