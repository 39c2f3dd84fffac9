import { describe, expect, it } from "vitest";
import { afterLoginPath, loginUrl } from "../../app/admin/session/login-url.ts";

describe("the remembered admin URL", () => {
  it("remembers a page of the shell, with its query", () => {
    expect(loginUrl("/admin/main/categories?x=1")).toBe(`/admin/login?redirect=${encodeURIComponent("/admin/main/categories?x=1")}`);
    expect(afterLoginPath(new URLSearchParams({ redirect: "/admin/main/categories?x=1" }))).toBe("/admin/main/categories?x=1");
  });

  it("goes to the shell's home when nothing, or something outside the shell, is remembered", () => {
    for (const target of [null, "", "/home", "//evil.example/admin/main", "https://evil.example/admin/main", "/admin/mainx", "/admin/main\\@evil", "/admin/login"]) {
      const search = new URLSearchParams(target === null ? {} : { redirect: target });
      expect(afterLoginPath(search), String(target)).toBe("/admin/main");
    }
    expect(loginUrl("/home")).toBe("/admin/login");
    expect(loginUrl(undefined)).toBe("/admin/login");
  });
});
