import { readdirSync, readFileSync } from "node:fs";
import { processMemory } from "./process-memory.ts";

/** The RSS of the process and of every descendant (the work pools' children), by /proc's children lists, in MB. */
export function familyRss(pid: number): { total: number; own: number } {
  let total = 0;
  let own = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop() as number;
    try {
      const rss = processMemory(next).rss;
      total += rss;
      if (next === pid) own = rss;
      for (const task of readdirSync(`/proc/${next}/task`)) {
        const children = readFileSync(`/proc/${next}/task/${task}/children`, "utf8").trim();
        if (children) pending.push(...children.split(" ").map(Number));
      }
    } catch {
      // A child that ended between two reads.
    }
  }
  return { total, own };
}
