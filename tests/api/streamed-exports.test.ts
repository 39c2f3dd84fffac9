import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { insertLead } from "../../server/db/repositories/leads.ts";
import { sampleLead } from "../fixtures/leads.ts";
import { withAdminServer } from "../helpers/admin-server.ts";

/**
 * The Jurnal's and the inbox's CSV read a page at a time (a keyset, never an offset) and written as
 * the download takes them, on either database: every row once, newest first, across pages whose
 * rows share one instant; the reply streamed (no length known ahead, coded as it goes), and a
 * download the client leaves half-read holds the reading, not the server.
 */

const admin = withAdminServer({ LOG_LEVEL: "silent" });

/** More than two of the Jurnal's pages (1 000 a page) and five of the inbox's (500), all at one instant. */
const ENTRIES = 2_600;
const AT = "2026-11-20T10:00:00.000Z";

function csvRecords(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, "")) as string[][];
}

beforeAll(async () => {
  const { db } = admin.server.services;
  const entries = Array.from({ length: ENTRIES }, (_, index) => ({
    id: randomUUID(),
    at: AT,
    user_id: null,
    user_name: `ion-${index}`,
    address: "127.0.0.1",
    action: "login_failed",
    kind: "user",
    item_id: null,
    item_name: "",
    summary: "=1+1",
  }));
  for (let at = 0; at < entries.length; at += 500)
    await db
      .insertInto("activity_log")
      .values(entries.slice(at, at + 500))
      .execute();
  for (let index = 0; index < ENTRIES; index += 1)
    await insertLead(db, sampleLead(randomUUID(), new Date(AT), { last_name: `Popescu-${index}` }));
});

describe.each([
  { name: "the Jurnal", path: "/api/activity/export?action=login_failed", column: "Utilizator", prefix: "ion-" },
  { name: "the inbox", path: "/api/contact/requests/export", column: "Nume", prefix: "Popescu-" },
])("$name's CSV", ({ path, column, prefix }) => {
  it("holds every row once, newest first and by id within an instant, across its pages", async () => {
    const response = await admin.call("GET", path);
    expect(response.status).toBe(200);
    const [header, ...rows] = csvRecords(await response.text());
    const at = header.indexOf(column);
    const names = rows.map((row) => row[at]).filter((name) => name.startsWith(prefix));
    expect(names).toHaveLength(ENTRIES);
    expect(new Set(names).size).toBe(ENTRIES);
    const ids = rows.map((row) => row[header.length - 1]);
    if (column === "Nume") expect(ids).toEqual([...ids].sort().reverse());
  });

  it("is streamed: no length ahead, coded as it goes, a half-read download leaving the server answering", async () => {
    const response = await admin.server.fetch(path, {
      headers: { Authorization: `Bearer ${admin.token}`, "Accept-Encoding": "gzip" },
    });
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    expect((await admin.server.fetch("/healthz")).status).toBe(200);
    await reader?.cancel();
  });
});
