import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeCatalogue } from "../../server/catalogue/change.ts";
import { insertCategory } from "../../server/db/repositories/categories.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { createCategory, versionOf } from "../helpers/catalogue-api.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await loginAsAdmin(server));
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const spyOnInvalidate = () => vi.spyOn(server.services.catalogueVersion, "invalidate");

describe("one 'catalogue changed' call", () => {
  it("bumps the version and drops this instance's cached version once per accepted write", async () => {
    const invalidate = spyOnInvalidate();
    const before = await versionOf(server);
    await createCategory(server, token, "Macarale");
    expect(await versionOf(server)).toBe(before + 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it("leaves version and caches alone for calls that change no catalogue data: login, a refused write", async () => {
    const invalidate = spyOnInvalidate();
    const before = await versionOf(server);
    await loginAsAdmin(server);
    expect((await callJson(server, "POST", "/api/category/create", { name: "Macarale" }, token)).status).toBe(409);
    expect((await callJson(server, "DELETE", "/api/category/00000000-0000-4000-8000-000000000000", undefined, token)).status).toBe(404);
    expect(await versionOf(server)).toBe(before);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("invalidates only after the commit, and a rolled-back write bumps nothing", async () => {
    const invalidate = spyOnInvalidate();
    const before = await versionOf(server);
    const now = new Date().toISOString();
    const row = { id: crypto.randomUUID(), name: "Foreze", slug: "foreze", header_image_id: null, created_at: now, updated_at: now };
    await expect(
      changeCatalogue(server.services, async (trx) => {
        await insertCategory(trx, row);
        throw new Error("the write fails half-way");
      }),
    ).rejects.toThrow("half-way");
    expect(await versionOf(server)).toBe(before);
    expect(invalidate).not.toHaveBeenCalled();

    let invalidatedInside: number | undefined;
    await changeCatalogue(server.services, async (trx) => {
      await insertCategory(trx, row);
      invalidatedInside = invalidate.mock.calls.length;
    });
    expect(invalidatedInside).toBe(0);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(await versionOf(server)).toBe(before + 1);
  });
});
