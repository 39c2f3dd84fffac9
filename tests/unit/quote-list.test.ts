import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { QUOTE_LIST_MAX } from "../../common/leads/quote-limits.ts";
import type { QuoteMachine } from "../../common/leads/quote-list-schema.ts";
import { parseQuoteList, withCatalogue, withItem, withMachine, withoutMachines, type QuoteList } from "../../app/lib/quote-list.ts";

const machine = (model: string): QuoteMachine => ({
  id: randomUUID(),
  model,
  category: { name: "Excavatoare", name_en: "Excavators" },
  path: `/categorie/excavatoare/utilaj/${model.toLowerCase()}`,
});

const listOf = (...machines: QuoteMachine[]): QuoteList => machines.reduce<QuoteList>((list, each) => withMachine(list, each).list, []);

describe("quote list", () => {
  it("adds a machine at the end, or first, with nothing chosen yet", () => {
    const [a, b, c] = [machine("A"), machine("B"), machine("C")];
    const { list, outcome } = withMachine(listOf(a), b);
    expect(outcome).toBe("added");
    expect(list.map((item) => item.machine.model)).toEqual(["A", "B"]);
    expect(list[1]).toEqual({ machine: b, startDate: null, days: null, endDate: null, operator: false });
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

  it("ignores stored text that is not a list of machines", () => {
    for (const stored of [null, "", "{", "null", "42", '{"items":[]}', '"text"']) expect(parseQuoteList(stored)).toEqual([]);
  });

  it("leaves out entries it cannot read, repeats and what is past the limit; unreadable wishes read as not chosen", () => {
    const a = machine("A");
    const stored = [
      { machine: a, startDate: 20261201, days: 0, endDate: null, operator: "yes" },
      { machine: { ...a, model: "A twice" } },
      { machine: { id: "not-a-uuid", model: "X" } },
      { machine: { id: randomUUID() } },
      "text",
      null,
      ...Array.from({ length: QUOTE_LIST_MAX + 2 }, (_, index) => ({ machine: { id: randomUUID(), model: `M${index}`, category: 7 } })),
    ];
    const list = parseQuoteList(JSON.stringify(stored));
    expect(list).toHaveLength(QUOTE_LIST_MAX);
    expect(list[0]).toEqual({ machine: a, startDate: null, days: null, endDate: null, operator: false });
    expect(list[1]?.machine).toMatchObject({ model: "M0", category: null, path: "" });
  });
});
