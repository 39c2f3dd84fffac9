import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../app/admin/api/api-client.ts";
import { toast } from "../../app/admin/ui/toasts.ts";

vi.mock("../../app/admin/ui/toasts.ts", () => ({
  toast: { code: vi.fn(), error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

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
    await expect(api.uploadFile(path, new Blob(["id"]), "text/csv", () => {})).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
    expect(xhr).not.toHaveBeenCalled();
  });
});

describe("a refusal the screen answers itself", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast.code).mockClear();
  });

  const affected = { code: "SPECIFICATION_VALUES_AFFECTED", message: "…", affected: [{ name: "Masa", products: [] }] };

  it("is not toasted when its code is handled, and carries the reply's error object", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: affected }, { status: 409 })),
    );
    const refusal = await api
      .put("/api/category/update", {}, { handled: ["SPECIFICATION_VALUES_AFFECTED"] })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, codes: ["SPECIFICATION_VALUES_AFFECTED"], error: affected });
    expect(toast.code).not.toHaveBeenCalled();
  });

  it("is toasted as ever when another code comes", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "ERROR_CATEGORY_EXIST", message: "…" } }, { status: 409 })),
    );
    await expect(
      api.put("/api/category/update", {}, { handled: ["SPECIFICATION_VALUES_AFFECTED"] }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toast.code).toHaveBeenCalledWith("ERROR_CATEGORY_EXIST");
  });
});
