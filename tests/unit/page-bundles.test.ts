import { describe, expect, it } from "vitest";
import { pageBundleOf } from "../../common/pages/page-bundles.ts";

describe("pageBundleOf (which server bundle answers a page address)", () => {
  it.each([
    "/admin",
    "/admin/",
    "/admin.data",
    "/admin/login",
    "/admin/login.data",
    "/admin/_.data",
    "/admin/main/leads/x",
    "/%61dmin/login",
  ])("%s: the admin's", (pathname) => {
    expect(pageBundleOf(pathname)).toBe("admin");
  });

  it.each([
    "/",
    "/_.data",
    "/home",
    "/home.data",
    "/administrator",
    "/admin-x/login",
    "/categorie/admin",
    "/admin.data/x",
    "/%E0%A4%A",
  ])("%s: the public one", (pathname) => {
    expect(pageBundleOf(pathname)).toBe("public");
  });
});
