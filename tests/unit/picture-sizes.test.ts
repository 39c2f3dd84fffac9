import { describe, expect, it } from "vitest";
import { pictureSizes } from "../../app/lib/picture-sizes.ts";

describe("pictureSizes", () => {
  it("keeps the rules in order, then the default, after their two-thirds for screens denser than 2x", () => {
    expect(pictureSizes([["(max-width: 760px)", "50vw"]], "280px")).toBe(
      "(min-resolution: 2.5dppx) and (max-width: 760px) calc(50vw * 2 / 3), " +
        "(min-resolution: 2.5dppx) calc(280px * 2 / 3), " +
        "(max-width: 760px) 50vw, 280px",
    );
  });

  it("with no rules, is the default width and its dense-screen share", () => {
    expect(pictureSizes([], "100vw")).toBe("(min-resolution: 2.5dppx) calc(100vw * 2 / 3), 100vw");
  });
});
