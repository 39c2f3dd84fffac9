import { describe, expect, it } from "vitest";
import { formulaSafe, withoutFormulaGuard } from "../../common/text/formula-safe.ts";

describe("formula-safe cells", () => {
  it.each(['=HYPERLINK("http://x","y")', "+40 722", "-2+3", "@SUM(A1)", "\tx", "\r=1", "'=1", "''+1"])(
    "guards %j with an apostrophe",
    (text) => expect(formulaSafe(text)).toBe(`'${text}`),
  );

  it.each(["Excavator", "", "22.500 kg", "'citat'", "a=b", " =1", "Șenile"])("leaves %j as it is", (text) =>
    expect(formulaSafe(text)).toBe(text),
  );

  it.each(["=1", "'=1", "- item", "'plain", "plain", "''@x", ""])("gives %j back after a round trip", (text) =>
    expect(withoutFormulaGuard(formulaSafe(text))).toBe(text),
  );
});
