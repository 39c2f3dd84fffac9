import { describe, expect, it } from "vitest";
import { namedPaths } from "../lint/doc-paths.ts";

const paths = (markdown: string, fileDir = "") => namedPaths(markdown, fileDir).map((p) => [p.path, p.line]);

describe("the paths a Markdown text names", () => {
  it("reads backticked paths, each token of a command, and strips what follows a path", () => {
    expect(
      paths(
        [
          "Start at `server/app.ts`; run `node_modules/.bin/node bench/cached-page.ts --only product`.",
          "See `server/pages/ssr.ts:12`, `docs/operations.md#memory` and `docs/operations.md`'s unit.",
          "The tree of `app/admin/`, the globs `server/catalogue/writes-*.ts` and `./tests/run.ts`.",
        ].join("\n"),
      ),
    ).toEqual([
      ["server/app.ts", 1],
      ["bench/cached-page.ts", 1],
      ["server/pages/ssr.ts", 2],
      ["docs/operations.md", 2],
      ["docs/operations.md", 2],
      ["app/admin/", 3],
      ["server/catalogue/writes-*.ts", 3],
      ["tests/run.ts", 3],
    ]);
  });

  it("leaves out bare file names, placeholders, generated output and addresses", () => {
    expect(
      paths(
        "`trash.ts`, `docs/decisions/NNN-slug.md`, `bench/results/<bench>.json`, `/api/openapi.json`, " +
          "`DATA_DIR/outbox`, `build/client/assets`, `app/+types/root.ts`, `../shared/spec/SPEC.md`",
      ),
    ).toEqual([]);
  });

  it("reads a code span that wraps onto the next line at the line it starts on", () => {
    expect(paths("one\ntwo `tests/helpers/\ndeployment.ts` and\n`server/process/index.ts`")).toEqual([
      ["tests/helpers/", 2],
      ["server/process/index.ts", 4],
    ]);
  });

  it("reads fenced blocks line by line, and a span of longer backticks is no fence", () => {
    expect(
      paths(
        [
          "reads one ```` ```nginx ```` block in `deploy/update.sh`",
          "```sh",
          "node bench/run.ts   # `not/a/path`",
          "  server/     app.ts (start here)",
          "```",
          "after `common/zod.ts`",
        ].join("\n"),
      ),
    ).toEqual([
      ["deploy/update.sh", 1],
      ["bench/run.ts", 3],
      ["server/", 4],
      ["common/zod.ts", 6],
    ]);
  });

  it("resolves relative links against the file's folder and skips those leaving the repository", () => {
    expect(
      paths(
        "[ops](../operations.md#memory), [next](079-new-machines-from-a-zip.md), [spec](../../../shared/SPEC.md), " +
          "[site](https://example.ro/a.md), [top](#decisions)",
        "docs/decisions",
      ),
    ).toEqual([
      ["docs/operations.md", 1],
      ["docs/decisions/079-new-machines-from-a-zip.md", 1],
    ]);
  });
});
