import { describe, expect, it } from "vitest";
import { documentEdges } from "../../app/lib/document-edges.server.ts";
import { scriptsAfterPaint } from "../../app/lib/scripts-after-paint.ts";

const MARK = "m4rk";
const HEAD = `<!DOCTYPE html><html lang="ro"><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="${MARK}"/><title>Săpătură</title></head>`;
/** Content may hold anything but the mark: a script and a module script of its own, letters beyond ASCII. */
const CONTENT = '<body><main><h1>Plăci compactoare</h1><script type="module">steal()</script><p>ș ț</p></main>';
const SCRIPTS = `<script nonce="${MARK}">window.__reactRouterContext = {};</script><script nonce="${MARK}" type="module" async="">import("/assets/entry.client.js");</script>`;
const DATA = `<script nonce="${MARK}">window.__reactRouterContext.streamController.enqueue("[\\"Cilindri\\"]");</script></body></html>`;
const PAGE = Buffer.from(HEAD + CONTENT + SCRIPTS + DATA);

describe("documentEdges", () => {
  it("gives the head and the scripts up to the bootstrap as text, the content and the route data as they are", () => {
    const { edges, parts } = documentEdges(PAGE, MARK);
    expect(edges).toBe(`${HEAD.replace("</head>", "")}<!--${MARK}-->${SCRIPTS}`);
    expect(Buffer.concat(parts(edges)).equals(PAGE)).toBe(true);
  });

  it("puts back the content and data around what scriptsAfterPaint made of the edges, the bootstrap being React Router's", () => {
    const { edges, parts } = documentEdges(PAGE, MARK);
    const page = Buffer.concat(parts(scriptsAfterPaint(edges, MARK))).toString();
    const deferred = scriptsAfterPaint(HEAD + SCRIPTS, MARK);
    expect(page).toBe(deferred.replace("</head>", `</head>${CONTENT}`).concat(DATA));
    // The content's own module script is left as it is, never taken for the bootstrap (nor run: it has no hash).
    expect(page).toContain('<script type="module">steal()</script>');
    expect(page).toContain(
      `<script nonce="${MARK}" type="text/x-after-paint" async="">import("/assets/entry.client.js");</script>`,
    );
  });

  it("is the whole document without a mark (development) or without marked scripts after the head", () => {
    expect(documentEdges(PAGE, undefined).edges).toBe(PAGE.toString());
    const plain = Buffer.from(`${HEAD}<body><p>ș</p></body></html>`);
    expect(documentEdges(plain, MARK).edges).toBe(plain.toString());
    expect(Buffer.concat(documentEdges(plain, MARK).parts(plain.toString())).equals(plain)).toBe(true);
  });
});
