import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The floors rule's messages for `code` linted as if it were the file `file` (a path from the repository's root). */
async function floorMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === "floors/no-import-up").map((m) => m.message);
}

describe("the floors rule inside app/admin/", () => {
  it("refuses a folder that imports a folder on its own floor or above", async () => {
    expect(
      await floorMessages("app/admin/ui/probe.ts", 'export type { ApiError } from "../api/api-client.ts";\n'),
    ).toEqual([expect.stringMatching(/^app\/admin\/ui \(floor 1\) .* not app\/admin\/api \(floor 2\)/)]);
    expect(
      await floorMessages("app/admin/bookings/probe.ts", 'export { isFiltered } from "../leads/lead-query.ts";\n'),
    ).toEqual([expect.stringMatching(/^app\/admin\/bookings \(floor 4\) .* not app\/admin\/leads \(floor 5\)/)]);
  });

  it("lets a folder import the folders below it", async () => {
    expect(await floorMessages("app/admin/api/probe.ts", 'export { toast } from "../ui/toasts.ts";\n')).toEqual([]);
    expect(
      await floorMessages("app/admin/leads/probe.ts", 'export { formatRange } from "../bookings/booking-labels.ts";\n'),
    ).toEqual([]);
  });

  it("judges app/admin/ as one room of app/ against the rest of app/", async () => {
    expect(
      await floorMessages("app/admin/leads/probe.ts", 'export * from "../../components/announcer.tsx";\n'),
    ).toEqual([expect.stringMatching(/^app\/admin \(floor 1\) .* not app\/components \(floor 4\)/)]);
    expect(await floorMessages("app/routes/probe.ts", 'export { api } from "../admin/api/api-client.ts";\n')).toEqual(
      [],
    );
  });

  it("names a folder of app/admin/ that stands on no floor", async () => {
    expect(await floorMessages("app/admin/unplaced/probe.ts", "export const probe = 1;\n")).toEqual([
      "app/admin/unplaced is on no floor: place it in FLOORS in eslint.config.js.",
    ]);
  });
});
