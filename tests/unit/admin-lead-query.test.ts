import { describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { LeadItemView, LeadOverview } from "../../common/leads/lead-schemas.ts";
import { categoryOptions, machineOptions } from "../../app/admin/leads/filter-options.ts";
import { telHref } from "../../app/admin/leads/lead-labels.ts";
import { formatDay } from "../../app/admin/ui/date-format.ts";
import {
  inboxPath,
  isFiltered,
  leadFilterOf,
  leadQueryString,
  readLeadQuery,
} from "../../app/admin/leads/lead-query.ts";
import {
  machineFigures,
  offerMonthRows,
  requestCount,
  statusFigures,
  weekFigures,
} from "../../app/admin/leads/overview-figures.ts";
import {
  ANY_START,
  CHOSEN_START,
  asStartChoice,
  startChoiceOf,
  startDaysOf,
} from "../../app/admin/leads/start-window.ts";

const EXCAVATOR = "3f1c2b8e-5d4a-4c6b-9e7f-1a2b3c4d5e6f";
const ROLLERS = "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d";

describe("the leads list's address", () => {
  it("reads the filter and the page with the API's schema, dropping each part it would refuse", () => {
    expect(readLeadQuery(new URLSearchParams("q=ion&status=contactat&page=2&pageSize=50"))).toEqual({
      q: "ion",
      status: "contactat",
      page: 2,
      pageSize: 50,
    });
    expect(readLeadQuery(new URLSearchParams("q=ion&status=gata&page=zero&pageSize=500"))).toEqual({ q: "ion" });
    expect(readLeadQuery(new URLSearchParams(`q=${"a".repeat(101)}&status=&page=`))).toEqual({});
  });

  it("reads a machine, a category, the wished start days and the days received", () => {
    const address = `product=${EXCAVATOR}&category=${ROLLERS}&startFrom=2026-11-26&startTo=2026-12-09&receivedFrom=2026-11-16&receivedTo=2026-11-22`;
    expect(readLeadQuery(new URLSearchParams(address))).toEqual({
      product: EXCAVATOR,
      category: ROLLERS,
      startFrom: "2026-11-26",
      startTo: "2026-12-09",
      receivedFrom: "2026-11-16",
      receivedTo: "2026-11-22",
    });
  });

  it("drops a machine or category that is not an id and a day that does not exist, keeping the rest", () => {
    const address = `product=jcb&category=${ROLLERS}&startFrom=2026-02-30&startTo=2026-12-09&receivedFrom=26.11.2026&receivedTo=`;
    expect(readLeadQuery(new URLSearchParams(address))).toEqual({ category: ROLLERS, startTo: "2026-12-09" });
  });

  it("writes only what is set, in a fixed order, page 1 left out", () => {
    expect(leadQueryString({})).toBe("");
    expect(leadQueryString({ q: "Ștefan Pop", status: "nou", page: 1 })).toBe("?q=%C8%98tefan+Pop&status=nou");
    expect(leadQueryString({ page: 3, pageSize: 10 })).toBe("?page=3&pageSize=10");
    expect(leadQueryString({ receivedTo: "2026-11-22", startFrom: "2026-11-26", product: EXCAVATOR, page: 2 })).toBe(
      `?product=${EXCAVATOR}&startFrom=2026-11-26&receivedTo=2026-11-22&page=2`,
    );
  });

  it("reads back what it writes", () => {
    const query = {
      q: "ion",
      category: ROLLERS,
      startFrom: "2026-11-26",
      startTo: "2026-12-09",
      receivedFrom: "2026-11-16",
      page: 4,
      pageSize: 50,
    };
    expect(readLeadQuery(new URLSearchParams(leadQueryString(query)))).toEqual(query);
  });

  it("keeps the filter without the page for the export, and links the overview's figures to the inbox", () => {
    expect(leadFilterOf({ status: "nou", product: EXCAVATOR, page: 3, pageSize: 50 })).toEqual({
      status: "nou",
      product: EXCAVATOR,
    });
    expect(isFiltered({ page: 2, pageSize: 50 })).toBe(false);
    expect(isFiltered({ receivedTo: "2026-11-22" })).toBe(true);
    expect(inboxPath({ receivedFrom: "2026-11-16", receivedTo: "2026-11-22" })).toBe(
      "/admin/main/leads?receivedFrom=2026-11-16&receivedTo=2026-11-22",
    );
    expect(inboxPath({})).toBe("/admin/main/leads");
  });
});

describe("the wished start filter", () => {
  const today = "2026-11-26";

  it("turns a window into days counted from today, today included", () => {
    expect(startDaysOf("14", today, {})).toEqual({ startFrom: "2026-11-26", startTo: "2026-12-09" });
    expect(startDaysOf("7", "2026-12-28", {})).toEqual({ startFrom: "2026-12-28", startTo: "2027-01-03" });
    expect(startDaysOf(ANY_START, today, { startFrom: "2026-12-01" })).toEqual({});
  });

  it("takes the days picked, either end open", () => {
    expect(startDaysOf(CHOSEN_START, today, { startFrom: "2026-12-01", startTo: "" })).toEqual({
      startFrom: "2026-12-01",
      startTo: undefined,
    });
  });

  it("recognises a window from the address on the day it was made, and shows other days as picked", () => {
    expect(startChoiceOf({}, today)).toBe(ANY_START);
    expect(startChoiceOf({ startFrom: "2026-11-26", startTo: "2026-12-09" }, today)).toBe("14");
    expect(startChoiceOf({ startFrom: "2026-11-26", startTo: "2026-12-09" }, "2026-11-27")).toBe(CHOSEN_START);
    expect(startChoiceOf({ startTo: "2026-12-09" }, today)).toBe(CHOSEN_START);
  });

  it("reads a select's value, anything unknown as any day", () => {
    expect(asStartChoice("30")).toBe("30");
    expect(asStartChoice("ales")).toBe(CHOSEN_START);
    expect(asStartChoice("15")).toBe(ANY_START);
  });
});

function item(fields: Partial<LeadItemView>): LeadItemView {
  return {
    productId: EXCAVATOR,
    model: "JCB 3CX",
    categoryId: ROLLERS,
    category: "Buldoexcavatoare",
    startDate: null,
    days: null,
    endDate: null,
    operator: false,
    units: 1,
    publicPath: null,
    ...fields,
  };
}

describe("the machine and category selects", () => {
  const products = [
    { uuid: "a0000000-0000-4000-8000-000000000001", model: "Bomag BW 120", category: "Cilindri" },
    { uuid: "a0000000-0000-4000-8000-000000000002", model: "Ammann ARX 26", category: "Cilindri" },
    { uuid: "a0000000-0000-4000-8000-000000000003", model: "CAT 320", category: "Excavatoare" },
  ] as ProductView[];
  const categories = [
    { uuid: "c0000000-0000-4000-8000-000000000002", name: "Excavatoare" },
    { uuid: "c0000000-0000-4000-8000-000000000001", name: "Cilindri" },
  ] as CategoryView[];

  it("groups the catalogue's machines by category, in alphabetical order", () => {
    expect(machineOptions(products, undefined, [])).toEqual([
      { value: "", label: "Toate utilajele" },
      {
        group: "Cilindri",
        items: [
          { value: "a0000000-0000-4000-8000-000000000002", label: "Ammann ARX 26" },
          { value: "a0000000-0000-4000-8000-000000000001", label: "Bomag BW 120" },
        ],
      },
      { group: "Excavatoare", items: [{ value: "a0000000-0000-4000-8000-000000000003", label: "CAT 320" }] },
    ]);
  });

  it("keeps a filtered machine or category that left the catalogue, named by the requests listed", () => {
    expect(machineOptions(products, EXCAVATOR, [item({})])[1]).toEqual({
      value: EXCAVATOR,
      label: "JCB 3CX (sters din oferta)",
    });
    expect(machineOptions(products, EXCAVATOR, [])[1]).toEqual({
      value: EXCAVATOR,
      label: "Utilaj (sters din oferta)",
    });
    expect(
      categoryOptions(categories, ROLLERS, [item({})]).map((option) =>
        "label" in option ? option.label : option.group,
      ),
    ).toEqual(["Toate categoriile", "Buldoexcavatoare (stearsa)", "Cilindri", "Excavatoare"]);
  });
});

describe("the demand overview's figures", () => {
  const overview: LeadOverview = {
    weeks: [
      { from: "2026-11-16", to: "2026-11-22", count: 4 },
      { from: "2026-11-23", to: "2026-11-29", count: 21 },
    ],
    statuses: { nou: 1, contactat: 0, finalizat: 2 },
    since: "2026-08-29",
    machines: [{ productId: EXCAVATOR, model: "JCB 3CX", category: null, count: 3 }],
    categories: [],
    offers: {
      currency: "RON",
      months: [
        {
          month: "2026-10",
          sent: { count: 0, total: 0, net: 0 },
          accepted: { count: 0, total: 0, net: 0 },
        },
        {
          month: "2026-11",
          sent: { count: 3, total: 1_210_000, net: 1_000_000 },
          accepted: { count: 1, total: 60_500, net: 50_000 },
        },
      ],
    },
  };

  it("names each week Monday to Sunday and links it to the requests received in it", () => {
    expect(weekFigures(overview)[1]).toEqual({
      key: "2026-11-23",
      label: "23.11 – 29.11.2026",
      tick: "23.11",
      count: 21,
      href: "/admin/main/leads?receivedFrom=2026-11-23&receivedTo=2026-11-29",
    });
  });

  it("links statuses and machines to the inbox filtered by them", () => {
    expect(statusFigures(overview).map((figure) => [figure.label, figure.count, figure.href])).toEqual([
      ["Nou", 1, "/admin/main/leads?status=nou"],
      ["Contactat", 0, "/admin/main/leads?status=contactat"],
      ["Finalizat", 2, "/admin/main/leads?status=finalizat"],
    ]);
    // Over the 90 days the figure counts, not every request ever received.
    expect(machineFigures(overview)[0]?.href).toBe(`/admin/main/leads?product=${EXCAVATOR}&receivedFrom=2026-08-29`);
  });

  it("names the offers' months and writes their values in the site's currency", () => {
    expect(offerMonthRows(overview)).toEqual([
      {
        key: "2026-10",
        label: "octombrie 2026",
        sent: { count: 0, total: "0,00 lei", net: "0,00 lei" },
        accepted: { count: 0, total: "0,00 lei", net: "0,00 lei" },
      },
      {
        key: "2026-11",
        label: "noiembrie 2026",
        sent: { count: 3, total: "12.100,00 lei", net: "10.000,00 lei" },
        accepted: { count: 1, total: "605,00 lei", net: "500,00 lei" },
      },
    ]);
  });

  it("counts requests in Romanian", () => {
    expect([0, 1, 2, 19, 20, 101, 120].map(requestCount)).toEqual([
      "0 cereri",
      "1 cerere",
      "2 cereri",
      "19 cereri",
      "20 de cereri",
      "101 cereri",
      "120 de cereri",
    ]);
  });
});

describe("days and tel: links", () => {
  it("writes a day as the company does", () => {
    expect(formatDay("2026-12-01")).toBe("01.12.2026");
  });

  it("keeps the digits and a leading plus", () => {
    expect(telHref("+40 (21) 123.45.67")).toBe("tel:+40211234567");
    expect(telHref("0722 123-456")).toBe("tel:0722123456");
  });
});
