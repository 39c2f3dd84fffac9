import type { Logger } from "./logger.ts";
import type { HourlyCounts } from "./hourly-counts.ts";

/** An error's code as Node, SQLite and PostgreSQL give it (ENOSPC, SQLITE_BUSY, 23505): a short name, never data. */
const CODE = /^[A-Za-z0-9_]{2,40}$/;
/** An error's class name (TypeError, WorkNotDone). */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

/**
 * The kind of an error line, from what it logged: its error's code, else its class; never its
 * message, its path or anything else it carries (decision 087). A line without an error is "log".
 */
export function errorKind(logged: unknown): string {
  const error = logged instanceof Error ? logged : (logged as { err?: unknown } | null | undefined)?.err;
  if (!(error instanceof Error)) return "log";
  const code: unknown = (error as { code?: unknown }).code;
  if ((typeof code === "string" || typeof code === "number") && CODE.test(String(code))) return String(code);
  return NAME.test(error.name) ? error.name : "Error";
}

/**
 * `logger` whose error and fatal lines are also counted by kind in `counts`, whatever its level
 * (a silent logger's errors count too): the Stare page's "errors of the last 24 hours".
 */
export function countedLogger(logger: Logger, counts: HourlyCounts): Logger {
  // One wrapper per method, so that `logger.error === logger.error` as on pino's own.
  const wrappers = new WeakMap<object, (...args: unknown[]) => unknown>();
  return new Proxy(logger, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if ((property !== "error" && property !== "fatal") || typeof value !== "function") return value;
      let wrapper = wrappers.get(value);
      if (!wrapper) {
        wrapper = (...args: unknown[]) => {
          counts.add(errorKind(args[0]));
          return Reflect.apply(value, target, args) as unknown;
        };
        wrappers.set(value, wrapper);
      }
      return wrapper;
    },
  });
}
