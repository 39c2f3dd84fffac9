import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionSite } from "../../server/ssr.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" }, await productionSite());
});
afterAll(async () => {
  await server?.close();
});

async function twoProducts(): Promise<{ id: string; model: string }[]> {
  return server.services.db.selectFrom("products").select(["id", "model"]).orderBy("model").limit(2).execute();
}

describe("the /contact page opened by 'CERETI OFERTA'", () => {
  it("is prefilled for the machine its address names, whatever was asked before (page and data requests)", async () => {
    const [first, second] = await twoProducts();
    expect(await (await server.fetch("/contact")).text()).not.toContain(first.model);
    for (const product of [first, second]) {
      const html = await (await server.fetch(`/contact?product=${product.id}`)).text();
      expect(html).toContain(`value="${product.id}"`);
    }
    for (const product of [first, second]) {
      const data = await (await server.fetch(`/contact.data?product=${product.id}&_routes=routes%2Fcontact`)).text();
      expect(data).toContain(product.id);
    }
    expect(await (await server.fetch("/contact")).text()).not.toContain(`name="product"`);
  });
});
