import type { Browser, Page } from "@playwright/test";
import { PHONE_CONTEXT } from "./first-visit-transfer.ts";

/**
 * The main thread's long tasks of a first visit, from a Chromium trace taken with the CPU slowed
 * down as Lighthouse's phone is (4×): each task over 50 ms with what ran in it (the trace's
 * top-level events: a module's evaluation, a timer, a microtask checkpoint, style and layout) and
 * the scripts whose code took its time (from a sampling CPU profile taken alongside). By default the
 * visit ends six seconds after the page's load: hydrated, its later banners in and the cookie bar shown.
 */

export const CPU_SLOWDOWN = 4;
/** What the browser's Long Tasks API calls long; Lighthouse's total blocking time is the sum of the excess over it. */
export const LONG_TASK_MS = 50;

export interface TracedTask {
  startMs: number;
  durationMs: number;
  /** The task's top-level events, longest first: "v8.evaluateModule framework-x.js 120 ms". */
  parts: string[];
  /** Script time by file (CPU profile samples), longest first. */
  scripts: string[];
  /**
   * Whether the site's own scripts (the build's /assets/ modules) ran in it: a task of hydration,
   * not the browser's own layout or paint.
   */
  ranSiteScripts: boolean;
}

export interface HydrationTrace {
  tasks: TracedTask[];
  /** The sum over long tasks of their time over 50 ms, at the slowdown. */
  blockingMs: number;
  longestMs: number;
}

const SETTLE_MS = 6000;
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS));

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

/** Events worth naming inside a task; the rest (their children, tracing's own) is left out. */
const PARTS = new Set([
  "EvaluateScript",
  "v8.evaluateModule",
  "v8.compileModule",
  "v8.compile",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "RunMicrotasks",
  "v8.runMicrotasks",
  "ParseHTML",
  "Layout",
  "UpdateLayoutTree",
  "Paint",
  "PrePaint",
  "MinorGC",
  "MajorGC",
  "EventDispatch",
  "FireIdleCallback",
  "HandlePostMessage",
]);

const fileOf = (url: string | undefined) => (url ? (url.split("/").pop() ?? url).replace(/\?.*$/, "") : "");

function describePart(event: TraceEvent): string {
  const data = event.args?.data;
  const where = fileOf(data?.url);
  const what = data?.functionName ? `${data.functionName} ` : "";
  return `${event.name}${where || what ? ` ${what}${where}`.trimEnd() : ""}`;
}

/** Sums `(label, ms)` pairs into "label ms" strings, longest first, the first `limit`. */
function ranked(pairs: [string, number][], limit: number): string[] {
  const sums = new Map<string, number>();
  for (const [label, ms] of pairs) sums.set(label, (sums.get(label) ?? 0) + ms);
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .filter(([, ms]) => ms >= 1)
    .map(([label, ms]) => `${label} ${Math.round(ms)} ms`);
}

/**
 * `until` ends the visit once the page is loaded: by default six seconds later (waited for here, not
 * by polling the page, whose checks would run in the trace).
 */
export async function traceHydration(
  browser: Browser,
  url: string,
  until: (page: Page) => Promise<void> = settle,
): Promise<HydrationTrace> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", {
      transferMode: "ReportEvents",
      traceConfig: {
        includedCategories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8",
          "v8.execute",
          "toplevel",
        ],
      },
    });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load" });
    await until(page);
    const { profile } = await cdp.send("Profiler.stop");
    await cdp.send("Tracing.end");
    await complete;
    if ((await page.locator("html[data-hydrated='true']").count()) === 0)
      throw new Error(`${url} was not hydrated when its trace ended`);

    const main = events.find(
      (event) =>
        event.name === "thread_name" &&
        event.args?.name === "CrRendererMain" &&
        events.some((other) => other.pid === event.pid && other.name === "ParseHTML"),
    );
    if (!main) throw new Error(`no renderer main thread in the trace of ${url}`);
    const onMain = events.filter(
      (event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X" && event.dur !== undefined,
    );
    const navigationStart = Math.min(...onMain.filter((event) => event.name === "ParseHTML").map((event) => event.ts));
    const runTasks = onMain
      .filter((event) => event.name === "RunTask" && (event.dur ?? 0) > LONG_TASK_MS * 1000)
      .sort((a, b) => a.ts - b.ts);

    // The profile's samples at their times (the trace's clock), each with its script.
    const nodes = new Map(profile.nodes.map((node: ProfileNode) => [node.id, node.callFrame]));
    let time = profile.startTime;
    const samples =
      profile.samples?.map((id, index) => {
        time += profile.timeDeltas?.[index] ?? 0;
        return { ts: time, frame: nodes.get(id) };
      }) ?? [];

    const tasks = runTasks.map((task): TracedTask => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter(
        (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && PARTS.has(event.name),
      );
      const topLevel = inside.filter(
        (event) =>
          !inside.some(
            (outer) =>
              outer !== event &&
              outer.ts <= event.ts &&
              outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
              (outer.dur ?? 0) > (event.dur ?? 0),
          ),
      );
      const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
      const interval =
        within.length > 1 ? (within[within.length - 1].ts - within[0].ts) / (within.length - 1) / 1000 : 0;
      const scriptOf = (frame: { functionName: string; url: string } | undefined) =>
        !frame
          ? "?"
          : frame.url
            ? fileOf(frame.url)
            : frame.functionName === "(garbage collector)"
              ? "(GC)"
              : frame.functionName === "(program)"
                ? "(browser)"
                : frame.functionName || "?";
      return {
        ranSiteScripts: within.some((sample) => sample.frame?.url.includes("/assets/")),
        startMs: (task.ts - navigationStart) / 1000,
        durationMs: (task.dur ?? 0) / 1000,
        parts: ranked(
          topLevel.map((event) => [describePart(event), (event.dur ?? 0) / 1000]),
          6,
        ),
        scripts: ranked(
          within
            .filter((sample) => sample.frame?.functionName !== "(idle)")
            .map((sample) => [scriptOf(sample.frame), interval]),
          5,
        ),
      };
    });
    return {
      tasks,
      blockingMs: tasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0),
      longestMs: Math.max(0, ...tasks.map((task) => task.durationMs)),
    };
  } finally {
    await context.close();
  }
}
