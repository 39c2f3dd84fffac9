import { readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomUUID } from "node:crypto";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from "../tests/helpers/chromium.ts";
import { envNumber, runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * How long the contact form's real captcha takes a browser on this machine, and whether a visitor
 * waits for it after pressing Send (docs/decisions/048-the-captcha-s-proof-of-work-solved-from-the-form.md). The
 * production server runs with the default ALTCHA settings (ALTCHA_COST 20, ALTCHA_MAX_COUNTER 20 000: each challenge
 * needs between 2 000 and 20 000 attempts), Chromium headless as the browser tests launch it.
 *
 *  1. Solves: BENCH_CAPTCHA_SOLVES (20) fresh challenges, one after the other, each solved by the
 *     build's own worker (`altcha.worker-*.js`) in the /contact page, as the form does; the time from
 *     posting the challenge to the worker to its answer. p50 and p95 (budget: p95 ≤ 2 s, well inside
 *     the time anyone takes to fill the form). With `--baseline DIR`, another checkout's build and
 *     worker are solved the same way, the two interleaved, and the ratio is printed.
 *  2. Waits after Send: BENCH_CAPTCHA_SENDS (10) visits of /contact, each a visitor who types a phone
 *     number, ticks the privacy box and presses Send BENCH_CAPTCHA_FILL_MS (3000) after their first
 *     keystroke (quicker than a person writes a message): the time from the form's submit event to
 *     its call of POST /api/contact. Budget: p95 ≤ 100 ms (the form's own checks, no captcha work left).
 */

/** The build's captcha worker, as the page loads it. */
function workerUrl(root: string): string {
  const name = readdirSync(path.join(root, "build", "client", "assets")).find((file) =>
    /^altcha\.worker-[\w-]+\.js$/.test(file),
  );
  if (!name) throw new Unavailable(`no captcha worker in ${root}/build: build it first`);
  return `/assets/${name}`;
}

/** One fresh challenge from the page's server solved by `worker` inside the page: milliseconds. */
function solveOnce(page: Page, worker: string): Promise<number> {
  return page.evaluate(async (url) => {
    const challenge: unknown = await (await fetch("/api/contact/challenge", { cache: "no-store" })).json();
    const started = performance.now();
    const solver = new Worker(url, { type: "module" });
    const solution = await new Promise<unknown>((resolve) => {
      solver.onmessage = (event: MessageEvent<unknown>) => resolve(event.data);
      solver.postMessage(challenge);
    });
    solver.terminate();
    if (!solution) throw new Error("the challenge was not solved");
    return performance.now() - started;
  }, worker);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
}

const summary = (times: number[]) =>
  `p50 ${Math.round(percentile(times, 0.5))} ms, p95 ${Math.round(percentile(times, 0.95))} ms, max ${Math.round(Math.max(...times))} ms`;

interface Target {
  name: string;
  base: string;
  worker: string;
  page?: Page;
}

/**
 * A visitor who sends `fillMs` after their first keystroke: milliseconds from the form's submit event
 * to its call of POST /api/contact, both read in the page, so the driver's round trips are not counted.
 */
async function sendOnce(browser: Browser, base: string, fillMs: number): Promise<number> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const times = window as unknown as { submittedAt: number; sentAt: number };
      document.addEventListener("submit", () => (times.submittedAt = performance.now()), true);
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (init?.method === "POST" && String(input) === "/api/contact") times.sentAt = performance.now();
        return send(input, init);
      };
    });
    await page.goto("/contact");
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    const firstKey = Date.now();
    await page.getByLabel("Telefon").fill("0722 123 456");
    await page.getByLabel("Mesaj").fill(`bench ${randomUUID()}`);
    await page.getByLabel("Am citit și accept").check();
    await page.waitForTimeout(Math.max(0, fillMs - (Date.now() - firstKey)));
    await page.getByRole("button", { name: "TRIMITEȚI" }).click();
    await page.getByRole("status").filter({ hasText: "Datele de contact au fost trimise cu succes!" }).waitFor();
    const waited = await page.evaluate(() => {
      const times = window as unknown as { submittedAt: number; sentAt: number };
      return times.sentAt - times.submittedAt;
    });
    return waited;
  } finally {
    await context.close();
  }
}

async function serve(cleanup: Cleanup, root: string): Promise<string> {
  requireProductionBuild(root);
  // Many sends from one address: the contact limits must not refuse the bench.
  const env = { CONTACT_RATE_LIMIT: "100000" };
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-captcha-"),
    seedDemo: true,
    root,
    env,
  });
  return server.url;
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const executablePath = findChromium();
  if (!executablePath) throw new Unavailable(`no Chromium: ${CHROMIUM_INSTALL_HINT}`);
  const solves = envNumber("BENCH_CAPTCHA_SOLVES", 20);
  const sends = envNumber("BENCH_CAPTCHA_SENDS", 10);
  const fillMs = envNumber("BENCH_CAPTCHA_FILL_MS", 3000);
  const targets: Target[] = [{ name: "current", base: await serve(cleanup, ROOT), worker: workerUrl(ROOT) }];
  if (values.baseline) {
    const root = path.resolve(values.baseline);
    targets.push({ name: "baseline", base: await serve(cleanup, root), worker: workerUrl(root) });
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  cleanup.add(() => browser.close());
  for (const target of targets) {
    target.page = await browser.newPage({ baseURL: target.base });
    await target.page.goto("/contact");
  }

  console.log(
    `captcha-solve: ${solves} fresh challenges per build (ALTCHA defaults), solved by the build's worker in Chromium`,
  );
  const times = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  for (let index = 0; index < solves; index++) {
    for (const target of index % 2 === 0 ? targets : [...targets].reverse()) {
      const ms = await solveOnce(target.page as Page, target.worker);
      times.get(target.name)?.push(ms);
      console.log(`  solve ${String(index + 1).padStart(2)} ${target.name.padEnd(8)} ${Math.round(ms)} ms`);
    }
  }
  const current = times.get("current") ?? [];
  const baseline = times.get("baseline");
  console.log(`  current:  ${summary(current)}`);
  if (baseline)
    console.log(
      `  baseline: ${summary(baseline)}; p50 current ÷ baseline × ${round(percentile(current, 0.5) / percentile(baseline, 0.5))}`,
    );

  console.log(`\ncaptcha-solve: ${sends} visitors pressing Send ${fillMs} ms after their first keystroke`);
  const waits: number[] = [];
  for (let index = 0; index < sends; index++) {
    waits.push(await sendOnce(browser, targets[0].base, fillMs));
    console.log(`  send ${String(index + 1).padStart(2)} waited ${round(waits.at(-1) ?? 0)} ms for the request`);
  }
  console.log(`  ${summary(waits)}\n`);

  const comparison = baseline
    ? `; baseline ${summary(baseline)} (p50 × ${round(percentile(current, 0.5) / percentile(baseline, 0.5))})`
    : "";
  const figures: Figure[] = [
    {
      name: "captcha solve p50",
      value: Math.round(percentile(current, 0.5)),
      unit: "ms",
      budget: 2000,
      kind: "at-most",
      details: `${solves} solves: ${summary(current)}${comparison}`,
    },
    {
      name: "captcha solve p95",
      value: Math.round(percentile(current, 0.95)),
      unit: "ms",
      budget: 2000,
      kind: "at-most",
      details: `${solves} solves${comparison}`,
    },
    {
      name: `wait from Send to the request, p95 (Send ${fillMs} ms after the first keystroke)`,
      value: round(percentile(waits, 0.95)),
      unit: "ms",
      budget: 100,
      kind: "at-most",
      details: `${sends} visits: ${summary(waits)}`,
    },
  ];
  return writeResults("captcha-solve", figures);
});
