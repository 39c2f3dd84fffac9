import { describe, expect, it } from "vitest";
import { afterLoginPath, loginUrl, shellPath } from "../../app/admin/session/login-url.ts";

/** Where a login with `?redirect=<value>` goes (the value as URLSearchParams hands it over). */
const returnTo = (value: string) => afterLoginPath(new URLSearchParams({ redirect: value }));

describe("the remembered admin URL", () => {
  it("remembers a page of the shell, with its query", () => {
    expect(loginUrl("/admin/main/categories?x=1")).toBe(
      `/admin/login?redirect=${encodeURIComponent("/admin/main/categories?x=1")}`,
    );
    expect(returnTo("/admin/main/categories?x=1")).toBe("/admin/main/categories?x=1");
  });

  it("returns to plain shell paths, with their query and fragment as they were", () => {
    for (const target of [
      "/admin/main",
      "/admin/main/",
      "/admin/main?tab=1",
      "/admin/main#top",
      "/admin/main/products/edit/0b6f0c1e-8a43-4c0e-9d3e-2f1f5f8b9a10",
      // A search for "a/b" or "a\b" travels escaped in the query, where it names no place.
      "/admin/main/leads?q=a%2Fb%5Cc",
      "/admin/main/leads?q=..&next=//x",
    ]) {
      expect(returnTo(target), target).toBe(target);
    }
  });

  it("encodes a decoded path the one standard way", () => {
    expect(shellPath("/admin/main/caf%C3%A9")).toBe("/admin/main/caf%C3%A9");
    expect(shellPath("/admin/main/café")).toBe("/admin/main/caf%C3%A9");
    expect(shellPath("/admin/main/un%20utilaj")).toBe("/admin/main/un%20utilaj");
  });

  it("goes to the shell's home when nothing, or something outside the shell, is remembered", () => {
    expect(afterLoginPath(new URLSearchParams())).toBe("/admin/main");
    for (const target of [
      "",
      "/home",
      "/admin/login",
      "/admin/mainx",
      "/admin/main-x",
      "/admin/main.evil",
      "/admin/main@evil.example",
      "/ADMIN/main",
      " /admin/main",
      "admin/main",
      "https://evil.example/admin/main",
    ]) {
      expect(returnTo(target), target).toBe("/admin/main");
    }
    expect(loginUrl("/home")).toBe("/admin/login");
    expect(loginUrl(undefined)).toBe("/admin/login");
  });

  it("refuses `.` and `..` segments, however they are spelled", () => {
    for (const target of [
      "/admin/main/../home",
      "/admin/main/..",
      "/admin/main/./categories",
      "/admin/main/.",
      "/admin/main/categories/../../login",
      "/admin/main/%2e%2e/home",
      "/admin/main/%2E%2E/home",
      "/admin/main/.%2e/home",
      "/admin/main/%2e./home",
      "/admin/main/%2e/categories",
    ]) {
      expect(returnTo(target), target).toBe("/admin/main");
    }
  });

  it("refuses `//`, which a browser reads as another host", () => {
    for (const target of [
      "//evil.example/admin/main",
      "/admin/main//evil.example",
      "/admin/main/categories//x",
      "/admin/main/%2F%2Fevil.example",
    ]) {
      expect(returnTo(target), target).toBe("/admin/main");
    }
  });

  it("refuses backslashes and escaped slashes and backslashes", () => {
    for (const target of [
      "/admin/main\\@evil",
      "/admin/main/\\evil.example",
      "/admin/main/x?q=\\",
      "/admin/main%2F..%2F..%2Fhome",
      "/admin/main%2fx",
      "/admin/main/x%2F..",
      "/admin/main%5Cx",
      "/admin/main/%5c%5cevil.example",
    ]) {
      expect(returnTo(target), target).toBe("/admin/main");
    }
  });

  it("decodes once: an escape left after that (an address encoded twice) is refused", () => {
    for (const target of [
      "/admin/main/%252e%252e/home",
      "/admin/main/%252F%252Fevil.example",
      "/admin/main/%255C",
      "/admin/main/%2541",
    ]) {
      expect(returnTo(target), target).toBe("/admin/main");
    }
  });

  it("refuses control characters, raw or escaped, and escapes that do not decode", () => {
    for (const target of [
      "/admin/main/\nx",
      "/admin/main\t/x",
      "/admin/main/x\u0000",
      "/admin/main/x\u007f",
      "/admin/main/x\u0085",
      "/admin/main/%0Ax",
      "/admin/main/%00",
      "/admin/main/%09/x",
      "/admin/main?q=\r\n",
      "/admin/main/%E0%A4%A",
      "/admin/main/%",
    ]) {
      expect(returnTo(target), JSON.stringify(target)).toBe("/admin/main");
    }
  });

  it("does not remember a refused page on the way to the login", () => {
    expect(loginUrl("/admin/main/%2e%2e/home")).toBe("/admin/login");
    expect(loginUrl("/admin/main//evil.example")).toBe("/admin/login");
  });
});
