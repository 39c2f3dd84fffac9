import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import type { SharpConstructor } from "sharp";

/**
 * Every decoding and encoding of a picture waits its turn here: uploads (./ingest.ts) and responsive
 * variants (./variants.ts, on request and in the background). A 40-megapixel picture keeps a core
 * busy for a second or more (libvips' threads, or the BMP worker), and six at once took both cores
 * of a small machine, so that the event loop itself waited for the CPU and /healthz answered in
 * hundreds of milliseconds (docs/decisions/035-large-uploads-and-the-event-loop-one-picture-at.md). One core is
 * left to the event loop: on two cores one picture at a time with one libvips thread; never more
 * than two pictures at once, as sharp's work also runs on libuv's pool of four threads, which
 * serves every file read. An upload of six pictures is answered later (they are made one after the
 * other) while the site keeps answering. Variants made in the background queue one job at a time,
 * so an upload never waits behind more than one of them.
 */
const CORES_FOR_PICTURES = Math.max(1, availableParallelism() - 1);

export const pictureWork = pLimit(Math.min(2, CORES_FOR_PICTURES));

let loading: Promise<SharpConstructor> | undefined;

/**
 * sharp, loaded by the first picture the process works on: libvips and its libraries are about
 * 20 MB resident, which a server that only serves pages and variants already on disk never needs
 * (decision 50). Set once for the process: libvips' threads per picture (its default: one per
 * core), and no operation cache: each picture is decoded for a few encodings that are then kept on
 * disk, so the cache (up to 50 MB and 100 operations by default) would hold only what is never
 * asked again.
 */
export function loadSharp(): Promise<SharpConstructor> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(Math.max(1, Math.floor(CORES_FOR_PICTURES / pictureWork.concurrency)));
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
