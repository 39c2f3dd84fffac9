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

describe("a file whose reply is the server's progress, as JSON lines", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** An XMLHttpRequest whose reply arrives in `chunks`, its status `status`. */
  function streamingRequest(chunks: string[], status = 200) {
    return class {
      status = 0;
      responseText = "";
      upload = { onprogress: null };
      onprogress: (() => void) | null = null;
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        for (const chunk of chunks) {
          this.responseText += chunk;
          this.onprogress?.();
        }
        this.status = status;
        this.onload?.();
      }
    };
  }

  it("hands each complete line over as it arrives and resolves with the last", async () => {
    const lines = [
      '{"progress":{"phase":"writing","done":0,"total":2}}\n{"progress":{"phase":"wri',
      'ting","done":2,"total":2}}\n',
      '{"summary":{"created":1,"changed":1,"unchanged":0}}\n',
    ];
    vi.stubGlobal("XMLHttpRequest", streamingRequest(lines));
    const heard: unknown[] = [];
    const result = await api.uploadFileWithLines(
      "/api/catalogue/import/commit",
      new Blob(["x"]),
      "application/zip",
      () => {},
      (line) => heard.push(line),
    );
    expect(heard.slice(0, 2)).toEqual([
      { progress: { phase: "writing", done: 0, total: 2 } },
      { progress: { phase: "writing", done: 2, total: 2 } },
    ]);
    expect(result).toEqual({ summary: { created: 1, changed: 1, unchanged: 0 } });
  });

  it("fails with the last line's code when it is the error that ended the commit", async () => {
    const ended = '{"status":409,"error":{"code":"ERROR_EDIT_CONFLICT","message":"…"}}\n';
    vi.stubGlobal("XMLHttpRequest", streamingRequest([ended]));
    const refusal = await api
      .uploadFileWithLines(
        "/api/catalogue/import/commit",
        new Blob(["x"]),
        "application/zip",
        () => {},
        () => {},
      )
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).codes).toEqual(["ERROR_EDIT_CONFLICT"]);
    expect((refusal as ApiError).status).toBe(409);
  });
});
