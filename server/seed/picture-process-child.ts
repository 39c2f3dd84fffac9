import pLimit from "p-limit";
import { renderJpeg, type RenderedPicture } from "./render-jpeg.ts";

/**
 * The child process of picture-process.ts: takes the SVGs in one message, answers with the JPEGs in
 * the same order (or the first error), then exits, freeing what the drawing allocated. It also exits
 * when the channel closes before it has answered: its parent died without killing it.
 */
process.once("disconnect", () => process.exit());

/** Pictures encoded at once: the start-up runs on small (2-core) machines next to the database. */
const CONCURRENCY = 2;

process.once("message", (svgs: string[]) => {
  void renderAll(svgs).then(
    (pictures) => process.send?.({ pictures }, () => process.disconnect()),
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.disconnect()),
  );
});

function renderAll(svgs: readonly string[]): Promise<RenderedPicture[]> {
  const limit = pLimit(CONCURRENCY);
  return Promise.all(svgs.map((svg) => limit(() => renderJpeg(svg))));
}
