import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverModulesIn } from "../../vite-plugins/no-server-code.ts";

const root = path.resolve("/project");
const serverDir = path.join(root, "server");
const chunk = (fileName: string, moduleIds: string[]) => ({ type: "chunk" as const, fileName, moduleIds });

describe("serverModulesIn (the build's guard against a second copy of the server)", () => {
  it("names every module of server/ bundled into any chunk, once", () => {
    const bundle = {
      "index.js": chunk("index.js", [
        path.join(root, "app/routes/contact.tsx"),
        path.join(serverDir, "leads/store-request.ts"),
        path.join(serverDir, "core/errors.ts"),
      ]),
      "assets/a.js": chunk("assets/a.js", [
        path.join(serverDir, "core/errors.ts"),
        `\0${path.join(serverDir, "catalogue/read.ts")}?commonjs`,
      ]),
    };
    expect(serverModulesIn(bundle, serverDir)).toEqual([
      "server/catalogue/read.ts",
      "server/core/errors.ts",
      "server/leads/store-request.ts",
    ]);
  });

  it("passes app/, common/, packages and assets, and a folder whose name only begins like server", () => {
    const bundle = {
      "index.js": chunk("index.js", [
        path.join(root, "app/page-request.server.ts"),
        path.join(root, "common/leads/contact-schema.ts"),
        path.join(root, "node_modules/react-router/dist/index.js"),
        path.join(root, "server-notes/x.ts"),
      ]),
      "style.css": { type: "asset" as const, fileName: "style.css" },
    };
    expect(serverModulesIn(bundle, serverDir)).toEqual([]);
  });
});
