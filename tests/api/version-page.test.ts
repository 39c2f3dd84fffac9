import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionSite } from "../../server/pages/ssr.ts";
import { readVersion } from "../../server/core/version.ts";
import { parseElements } from "../helpers/markup.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, await productionSite());
});
afterAll(async () => {
  await server?.close();
});

describe("/version", () => {
  it("shows the UI's own build info (from the build) beside the API's", async () => {
    const html = await (await server.fetch("/version")).text();
    const elements = parseElements(html);
    // The values of the two panels, in order: UI, then API (up to the next section or the footer).
    const panels: string[][] = [];
    let current: string[] | undefined;
    for (const element of elements) {
      if (element.name === "section" || element.name === "footer") current = undefined;
      if (element.name === "section" && element.attributes["aria-labelledby"]?.startsWith("version-"))
        panels.push((current = []));
      if (element.name === "dd") current?.push(element.text);
    }
    expect(panels).toHaveLength(2);
    // The build was made from this checkout, like the running server: both name the same commit.
    const checkout = readVersion(process.cwd());
    for (const values of panels) {
      expect(values).toContain(checkout.version);
      if (checkout.default.shortHash) expect(values).toContain(checkout.default.shortHash);
      if (checkout.default.subject) expect(values).toContain(checkout.default.subject);
      expect(values).toHaveLength(7);
    }
  });
});
