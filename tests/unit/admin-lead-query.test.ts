import { describe, expect, it } from "vitest";
import { leadQueryString, readLeadQuery } from "../../app/admin/leads/lead-query.ts";
import { telHref } from "../../app/admin/leads/lead-labels.ts";

describe("the leads list's address", () => {
  it("reads the filter and the page with the API's schema, dropping each part it would refuse", () => {
    expect(readLeadQuery(new URLSearchParams("q=ion&status=contactat&page=2&pageSize=50"))).toEqual({ q: "ion", status: "contactat", page: 2, pageSize: 50 });
    expect(readLeadQuery(new URLSearchParams("q=ion&status=gata&page=zero&pageSize=500"))).toEqual({ q: "ion" });
    expect(readLeadQuery(new URLSearchParams(`q=${"a".repeat(101)}&status=&page=`))).toEqual({});
  });

  it("writes only what is set, page 1 left out", () => {
    expect(leadQueryString({})).toBe("");
    expect(leadQueryString({ q: "Ștefan Pop", status: "nou", page: 1 })).toBe("?q=%C8%98tefan+Pop&status=nou");
    expect(leadQueryString({ page: 3, pageSize: 10 })).toBe("?page=3&pageSize=10");
  });
});

describe("tel: links", () => {
  it("keep the digits and a leading plus", () => {
    expect(telHref("+40 (21) 123.45.67")).toBe("tel:+40211234567");
    expect(telHref("0722 123-456")).toBe("tel:0722123456");
  });
});
