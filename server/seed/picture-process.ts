import { fork } from "node:child_process";
import type { RenderedPicture } from "./machine-pictures.ts";

/**
 * Renders the demo pictures (SVG → JPEG) in a short-lived child process and returns them in order.
 * librsvg, cairo, pango and libvips draw a hundred 1200-pixel pictures in libvips' threads, and glibc
 * keeps what those threads allocated in their malloc arenas after it is freed: a server that seeded
 * itself held about 150 MB more for its whole life than the same server restarted (decision 34). The
 * child takes that memory with it when it exits.
 */
export function renderPicturesApart(svgs: readonly string[]): Promise<RenderedPicture[]> {
  const child = fork(new URL("./picture-process-child.ts", import.meta.url), {
    // Plain Node (type stripping): none of the parent's loader flags (a test runner's, a profiler's).
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    child.once("message", (reply: { pictures: RenderedPicture[] } | { error: string }) => {
      answered = true;
      // Buffers arrive as plain Uint8Arrays; the database drivers bind only Buffers as blobs.
      if ("pictures" in reply) resolve(reply.pictures.map((picture) => ({ ...picture, bytes: Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength) })));
      else reject(new Error(`The demo pictures could not be drawn: ${reply.error}`));
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (!answered) reject(new Error(`The demo pictures could not be drawn: the drawing process ended (${signal ?? `exit code ${code}`})`));
    });
    child.send(svgs);
  });
}
