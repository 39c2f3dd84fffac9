/**
 * A rendered document's bytes seen as the few parts its last steps edit as text, and the rest.
 * scriptsAfterPaint (./scripts-after-paint.ts) edits the head (its module preloads) and React
 * Router's bootstrap at the end of the body; the server then hashes and unmarks the marked scripts
 * in bytes (server/pages/csp.ts). The content between head and scripts is most of a page (a
 * category's 200 cards are some 200 kB), and the route data after the bootstrap most of the rest:
 * neither holds a tag scriptsAfterPaint edits (content cannot know the script mark, the data is
 * escaped), so both stay bytes, never decoded, searched and encoded again for each render.
 */
export interface DocumentEdges {
  /** The head, a placeholder for the content, and the scripts up to React Router's bootstrap. */
  edges: string;
  /** The document's bytes again, in order, with `edges` as the steps left them (their placeholder in place). */
  parts(edges: string): Buffer[];
}

const HEAD_END = "</head>";
const BOOTSTRAP = ' type="module"';
const SCRIPT_END = "</script>";

/**
 * `mark`: the nonce on the application's scripts, random per process; none in development, where
 * the whole document is the edges.
 */
export function documentEdges(document: Buffer, mark: string | undefined): DocumentEdges {
  const whole = (): DocumentEdges => ({
    edges: document.toString("utf8"),
    parts: (edges) => [Buffer.from(edges, "utf8")],
  });
  if (mark === undefined) return whole();
  const contentStart = document.indexOf(HEAD_END);
  const firstMark = contentStart < 0 ? -1 : document.indexOf(` nonce="${mark}"`, contentStart);
  // The tag the mark is in starts the scripts (an attribute holds no "<": React escapes it).
  const contentEnd = firstMark < 0 ? -1 : document.lastIndexOf("<", firstMark);
  if (contentEnd < contentStart) return whole();
  const bootstrap = document.indexOf(BOOTSTRAP, contentEnd);
  const bootstrapEnd = bootstrap < 0 ? -1 : document.indexOf(SCRIPT_END, bootstrap);
  const dataStart = bootstrapEnd < 0 ? document.length : bootstrapEnd + SCRIPT_END.length;
  // As random as the mark, which no content holds.
  const placeholder = `<!--${mark}-->`;
  const content = document.subarray(contentStart, contentEnd);
  const data = document.subarray(dataStart);
  return {
    edges: `${document.toString("utf8", 0, contentStart)}${placeholder}${document.toString("utf8", contentEnd, dataStart)}`,
    parts(edges) {
      const at = edges.indexOf(placeholder);
      if (at < 0) throw new Error("The document's edges lost the place of its content");
      return [
        Buffer.from(edges.slice(0, at), "utf8"),
        content,
        Buffer.from(edges.slice(at + placeholder.length), "utf8"),
        data,
      ];
    },
  };
}
