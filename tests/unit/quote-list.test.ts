import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { QUOTE_LIST_MAX } from "../../common/leads/quote-limits.ts";
import {
  QUOTE_LIST_STORED_MAX_CHARS,
  parseQuoteList,
  withCatalogue,
  withItem,
  withMachine,
  withoutMachines,
  type ListedMachine,
  type QuoteList,
} from "../../app/lib/quote-list.ts";

const machine = (model: string): ListedMachine => ({
  id: randomUUID(),
  model,
  category: { name: "Excavatoare", name_en: "Excavators" },
  path: `/categorie/excavatoare/utilaj/${model.toLowerCase()}`,
});

const listOf = (...machines: ListedMachine[]): QuoteList =>
  machines.reduce<QuoteList>((list, each) => withMachine(list, each).list, []);

// The page's address, which stored links are resolved against.
beforeAll(() => vi.stubGlobal("location", new URL("https://utilaje.test/contact")));
afterAll(() => vi.unstubAllGlobals());

describe("quote list", () => {
  it("adds a machine at the end, or first, with nothing chosen yet", () => {
    const [a, b, c] = [machine("A"), machine("B"), machine("C")];
    const { list, outcome } = withMachine(listOf(a), b);
    expect(outcome).toBe("added");
    expect(list.map((item) => item.machine.model)).toEqual(["A", "B"]);
    expect(list[1]).toEqual({ machine: b, startDate: null, days: null, endDate: null, operator: false, units: 1 });
    expect(withMachine(list, c, "first").list.map((item) => item.machine.model)).toEqual(["C", "A", "B"]);
  });

  it("keeps a machine once", () => {
    const a = machine("A");
    const list = listOf(a);
    expect(withMachine(list, { ...a, model: "A again" })).toEqual({ list, outcome: "present" });
  });

  it(`refuses machine ${QUOTE_LIST_MAX + 1}`, () => {
    const full = listOf(...Array.from({ length: QUOTE_LIST_MAX }, (_, index) => machine(`M${index}`)));
    expect(full).toHaveLength(QUOTE_LIST_MAX);
    expect(withMachine(full, machine("one too many"))).toEqual({ list: full, outcome: "full" });
  });

  it("removes machines and changes one machine's wishes", () => {
    const [a, b] = [machine("A"), machine("B")];
    const list = listOf(a, b);
    expect(withoutMachines(list, [a.id]).map((item) => item.machine)).toEqual([b]);
    const changed = withItem(list, b.id, { startDate: "2026-12-01", days: 5, operator: true });
    expect(changed[1]).toMatchObject({ machine: b, startDate: "2026-12-01", days: 5, operator: true });
    expect(changed[0]).toBe(list[0]);
  });

  it("takes the catalogue's names and drops what it no longer has, keeping a machine added meanwhile", () => {
    const [a, b, later] = [machine("A"), machine("B"), machine("Later")];
    const list = withItem(listOf(a, b, later), a.id, { days: 3 });
    const renamed = { ...a, model: "A2", category: { name: "Excavatoare", name_en: "Diggers" } };
    const { list: updated, gone } = withCatalogue(list, [a.id, b.id], [renamed]);
    expect(gone).toEqual([b]);
    expect(updated.map((item) => item.machine)).toEqual([renamed, later]);
    expect(updated[0]?.days).toBe(3);
  });

  it("reads back what it stored", () => {
    const list = withItem(listOf(machine("A"), machine("B")), "unknown", { operator: true });
    expect(parseQuoteList(JSON.stringify(list))).toEqual(list);
  });

  it("reads units stored with a machine, a list stored before units (or units that are not a count) as one of each", () => {
    const [a, b, c] = [machine("A"), machine("B"), machine("C")];
    const stored = [
      { machine: { ...a, maxUnits: 3 }, startDate: null, days: 2, endDate: null, operator: false, units: 3 },
      { machine: b, startDate: null, days: null, endDate: null, operator: true },
      ...[0, 2.5, "4", null, 1000, -1].map((units, index) => ({
        machine: { ...machine(`U${index}`), maxUnits: units },
        units,
      })),
      { machine: c, units: 999 },
    ];
    const list = parseQuoteList(JSON.stringify(stored));
    expect(list.map((item) => item.units)).toEqual([3, 1, 1, 1, 1, 1, 1, 1, 999]);
    expect(list[0]?.machine.maxUnits).toBe(3);
    // A most that is not a count is not kept: the list then waits for the catalogue's.
    expect(list.slice(1).map((item) => "maxUnits" in item.machine)).toEqual(Array(8).fill(false));
    expect(withItem(list, b.id, { units: 2 })[1]?.units).toBe(2);
  });

  it("ignores stored text that is not a list of machines", () => {
    for (const stored of [null, "", "{", "null", "42", '{"items":[]}', '"text"'])
      expect(parseQuoteList(stored)).toEqual([]);
  });

  it("cuts the list to its limit first, then leaves out entries it cannot read and repeats; unreadable wishes read as not chosen", () => {
    const a = machine("A");
    const stored = [
      { machine: a, startDate: 20261201, days: 0, endDate: null, operator: "yes" },
      { machine: { ...a, model: "A twice" } },
      { machine: { id: "not-a-uuid", model: "X" } },
      { machine: { id: randomUUID() } },
      "text",
      null,
      ...Array.from({ length: QUOTE_LIST_MAX + 2 }, (_, index) => ({
        machine: { id: randomUUID(), model: `M${index}`, category: 7 },
      })),
    ];
    const list = parseQuoteList(JSON.stringify(stored));
    // Ten entries read: six of them are not machines, or a repeat.
    expect(list.map((item) => item.machine.model)).toEqual(["A", "M0", "M1", "M2", "M3"]);
    expect(list[0]).toEqual({ machine: a, startDate: null, days: null, endDate: null, operator: false, units: 1 });
    expect(list[1]?.machine).toMatchObject({ model: "M0", category: null, path: "" });
  });

  it("drops a stored text longer than any list the site writes, unparsed, and reads a full list of long names", () => {
    const huge = JSON.stringify(Array.from({ length: 20_000 }, (_, index) => ({ machine: machine(`M${index}`) })));
    const parse = vi.spyOn(JSON, "parse");
    expect(parseQuoteList(huge)).toEqual([]);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    const long = (text: string) => text.repeat(200).slice(0, 200);
    const full = Array.from({ length: QUOTE_LIST_MAX }, (_, index) => ({
      machine: {
        id: randomUUID(),
        model: long(`Model ${index} ș`),
        category: { name: long("Categorie"), name_en: long("Category") },
        path: `/categorie/${long("c")}/utilaj/${long("m")}`,
      },
      startDate: "2026-12-01",
      days: 365,
      endDate: "2027-11-30",
      operator: true,
    }));
    const text = JSON.stringify(full);
    expect(text.length).toBeLessThan(QUOTE_LIST_STORED_MAX_CHARS);
    expect(parseQuoteList(text)).toHaveLength(QUOTE_LIST_MAX);
  });

  it.each([
    ["/categorie/excavatoare/utilaj/cat-320", "/categorie/excavatoare/utilaj/cat-320"],
    ["/contact?lang=en#lista", "/contact?lang=en#lista"],
    ["//evil.example/x", ""],
    ["/\\evil.example/x", ""],
    ["\\\\evil.example/x", ""],
    ["/\t/evil.example/x", ""],
    ["/\r/evil.example/x", ""],
    ["/\n/evil.example/x", ""],
    ["/\u0000/x", ""],
    ["https://evil.example/x", ""],
    ["javascript:alert(1)", ""],
    ["categorie/x", ""],
  ])("takes the stored link %j as %j", (path, expected) => {
    const stored = [{ machine: { ...machine("A"), path } }];
    expect(parseQuoteList(JSON.stringify(stored))[0]?.machine.path).toBe(expected);
  });
});
