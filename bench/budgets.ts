/**
 * The public pages' script budgets, shared by the benches (bench/page-weight.ts, bench/hydration.ts)
 * and the browser test that holds the bytes (tests/e2e/initial-scripts.spec.ts): one figure each, here only.
 */

/**
 * A public page's initial JavaScript (the modules its bootstrap loads to hydrate), gzip (decision 056).
 * The aim is 120 kB; /contact is at 132.6 kB and the other pages at 125-128 kB (React DOM and React
 * Router alone are 107.6 kB), so the line held for now is the one no page may cross again.
 */
export const INITIAL_SCRIPT_BUDGET_BYTES = 135_000;

/**
 * DESIGN.md's budget of the same figure: it aims at 100 kB and calls 110 kB the line not to cross
 * (bench/page-weight.ts).
 */
export const DESIGN_SCRIPT_BUDGET_BYTES = 110_000;

/** No task of a first visit may run longer than this at Lighthouse's 4× CPU slowdown (decision 056). */
export const HYDRATION_LONGEST_TASK_MS = 200;
