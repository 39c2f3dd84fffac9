import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("catalogue read API on an empty catalogue", () => {
  it("lists no categories", async () => {
    const response = await server.fetch("/api/category");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it("answers an unknown product id with 404 and ERROR_GET_PRODUCT", async () => {
    const response = await server.fetch("/api/product/6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "ERROR_GET_PRODUCT", message: "Produsul nu a fost gasit." } });
  });
});
