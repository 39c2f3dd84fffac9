import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../app/admin/api/api-client.ts";

/** The admin's API client sends the bearer token: it must never call anything but this site's /api/. */
describe("the admin API client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("calls a path under /api/", async () => {
    const fetch = vi.fn(async () => Response.json([{ uuid: "1" }]));
    vi.stubGlobal("fetch", fetch);
    await expect(api.get("/api/category")).resolves.toEqual([{ uuid: "1" }]);
    expect(fetch).toHaveBeenCalledWith("/api/category", expect.objectContaining({ method: "GET" }));
  });

  it.each([
    "https://evil.example/api/category",
    "//evil.example/api/category",
    "/\\evil.example/api/category",
    "api/category",
    "/admin/main",
    "/api",
    "/api/../admin",
    "/api/%2e%2e/media/x",
    "/api/..\\healthz",
  ])("refuses %s before sending anything", async (path) => {
    const fetch = vi.fn(async () => Response.json({}));
    const xhr = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("XMLHttpRequest", xhr);
    await expect(api.get(path)).rejects.toThrow(`Not an API path: ${path}`);
    await expect(api.post(path, {})).rejects.toThrow(TypeError);
    await expect(api.upload("POST", path, {}, () => {})).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
    expect(xhr).not.toHaveBeenCalled();
  });
});
