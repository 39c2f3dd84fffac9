import { describe, expect, it } from "vitest";
import { formatPhone, telHref } from "../../common/fields/phone.ts";

describe("formatPhone (spec §2: groups of 4, 3 and 3 digits)", () => {
  it("groups ten digits", () => {
    expect(formatPhone("0722123456")).toBe("0722 123 456");
    expect(formatPhone("0213456789")).toBe("0213 456 789");
  });

  it("regroups a number already written with other spacing", () => {
    expect(formatPhone("07 22 12 34 56")).toBe("0722 123 456");
    expect(formatPhone(" 0722\t123456 ")).toBe("0722 123 456");
  });

  it("shows anything that is not ten digits as written, trimmed", () => {
    expect(formatPhone(" +40 722 123 456 ")).toBe("+40 722 123 456");
    expect(formatPhone("072212345")).toBe("072212345");
    expect(formatPhone("")).toBe("");
  });
});

describe("telHref", () => {
  it("is a tel: link with the spaces removed", () => {
    expect(telHref("0722 123 456")).toBe("tel:0722123456");
    expect(telHref("+40 722 123 456")).toBe("tel:+40722123456");
  });
});
