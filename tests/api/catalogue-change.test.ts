import { afterEach, describe, expect, it, vi } from "vitest";
import { writeAndRenewPages } from "../../server/writes/write-and-renew-pages.ts";
import { insertCategory } from "../../server/db/repositories/categories.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { createCategory, versionOf } from "../helpers/catalogue-api.ts";

const admin = withAdminServer();
afterEach(() => {
  vi.restoreAllMocks();
});

const spyOnInvalidate = () => vi.spyOn(admin.server.services.catalogueVersion, "invalidate");

describe("one 'catalogue changed' call", () => {
  it("bumps the version and drops this instance's cached version once per accepted write", async () => {
    const invalidate = spyOnInvalidate();
    const before = await versionOf(admin.server);
    await createCategory(admin.server, admin.token, "Macarale");
    expect(await versionOf(admin.server)).toBe(before + 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it("leaves version and caches alone for calls that change no catalogue data: login, a refused write", async () => {
    const invalidate = spyOnInvalidate();
    const before = await versionOf(admin.server);
    await loginAsAdmin(admin.server);
    expect(
      (await callJson(admin.server, "POST", "/api/category/create", { name: "Macarale" }, admin.token)).status,
    ).toBe(409);
    expect(
      (
        await callJson(
          admin.server,
          "DELETE",
          "/api/category/00000000-0000-4000-8000-000000000000",
          undefined,
          admin.token,
        )
      ).status,
    ).toBe(404);
    expect(await versionOf(admin.server)).toBe(before);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("invalidates only after the commit, and a rolled-back write bumps nothing", async () => {
    const invalidate = spyOnInvalidate();
    const before = await versionOf(admin.server);
    const now = new Date().toISOString();
    const row = {
      id: crypto.randomUUID(),
      name: "Foreze",
      slug: "foreze",
      header_image_id: null,
      created_at: now,
      updated_at: now,
    };
    await expect(
      writeAndRenewPages(admin.server.services, async (trx) => {
        await insertCategory(trx, row);
        throw new Error("the write fails half-way");
      }),
    ).rejects.toThrow("half-way");
    expect(await versionOf(admin.server)).toBe(before);
    expect(invalidate).not.toHaveBeenCalled();

    let invalidatedInside: number | undefined;
    await writeAndRenewPages(admin.server.services, async (trx) => {
      await insertCategory(trx, row);
      invalidatedInside = invalidate.mock.calls.length;
    });
    expect(invalidatedInside).toBe(0);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(await versionOf(admin.server)).toBe(before + 1);
  });
});
