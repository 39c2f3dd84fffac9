import { Hono, type MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { requireRight } from "../server/api/require-admin.ts";
import type { ApiEnv } from "../server/services.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { round, writeResults } from "./lib/results.ts";

/**
 * The rights check's added cost on a signed-in API call (decision 091; budget < 0.1 ms). requireAdmin
 * already read the account's row (its role comes with it, no extra query), so what the check adds is
 * the route's one more middleware: `requireRight`. Two in-process Hono apps answer the same route, one
 * with the check after the sign-in's place and one with a middleware that does nothing there;
 * BENCH_RIGHTS_CALLS calls (default 20 000) each, in 10 interleaved rounds so that the machine's load
 * falls on both; the figure is the difference of the medians of the rounds, per call.
 */

const signedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.set("role", "vanzari");
  await next();
};
const nothing: MiddlewareHandler<ApiEnv> = async (_c, next) => {
  await next();
};

function appWith(check: MiddlewareHandler<ApiEnv>) {
  return new Hono<ApiEnv>().get("/api/bookings", every(signedIn, check), (c) => c.json({ items: [] }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

await runBench(async () => {
  const calls = envNumber("BENCH_RIGHTS_CALLS", 20_000);
  const apps = { checked: appWith(requireRight("bookings")), unchecked: appWith(nothing) };
  const perCall = { checked: [] as number[], unchecked: [] as number[] };
  const round1 = async (app: Hono<ApiEnv>) => {
    const started = performance.now();
    for (let i = 0; i < calls; i++) {
      const response = await app.request("/api/bookings");
      if (response.status !== 200) throw new Error(`GET /api/bookings: ${response.status}`);
    }
    return (performance.now() - started) / calls;
  };
  // Warm-up of both, not counted.
  await round1(apps.checked);
  await round1(apps.unchecked);
  for (let r = 0; r < 10; r++) {
    perCall.checked.push(await round1(apps.checked));
    perCall.unchecked.push(await round1(apps.unchecked));
  }
  const added = Math.max(0, median(perCall.checked) - median(perCall.unchecked));
  console.log(
    `per call: with the check ${round(median(perCall.checked) * 1000)} µs, without ${round(median(perCall.unchecked) * 1000)} µs; added ${round(added * 1000)} µs`,
  );
  return writeResults("rights-check", [
    {
      name: "rights check's added cost per signed-in API call",
      value: Math.round(added * 10_000) / 10_000,
      unit: "ms",
      budget: 0.1,
      kind: "at-most",
      details: `${calls} in-process calls × 10 interleaved rounds each; medians ${round(median(perCall.checked) * 1000)} µs with, ${round(median(perCall.unchecked) * 1000)} µs without`,
    },
  ]);
});
