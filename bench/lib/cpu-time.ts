import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time used by a process, so that a figure measured on a busy machine can be told apart from a
 * slow server: a server that did little work per request but took long was waiting for the CPU.
 * Read from Linux's /proc; undefined elsewhere.
 */

/** USER_HZ, the unit of /proc/<pid>/stat times: 100 on every Linux architecture in use. */
const TICKS_PER_SECOND = 100;

/** Seconds of user + system CPU of `pid` and of its live child processes (nginx's workers). */
export function cpuSeconds(pid: number): number | undefined {
  const own = statFields(pid);
  if (!own) return undefined;
  let ticks = cpuTicks(own);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && fields[1] === String(pid)) ticks += cpuTicks(fields);
  }
  return ticks / TICKS_PER_SECOND;
}

/** The fields after "pid (comm) ": state, ppid, … (proc(5)); the name may hold spaces and parentheses. */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** utime + stime, fields 14 and 15 of the whole line. */
function cpuTicks(fields: string[]): number {
  return Number(fields[11]) + Number(fields[12]);
}
