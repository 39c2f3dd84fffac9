import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { VARIANT_FORMATS } from "../../common/media/media-paths.ts";
import { imageIdFromPath } from "../../common/media/media-paths.ts";
import { pictureBodies } from "../../server/api/body-in-turns.ts";
import { pictureWork } from "../../server/media/picture-work.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * The picture calls' bodies read at once on an instance (decisions 090, 095): a banner upload past
 * the bytes being read waits its turn, over real HTTP, and is read once the one before has answered
 * and its pictures' variants, made from the database, are on disk.
 */

const admin = withAdminServer({ LOG_LEVEL: "silent" });

const MB = 1024 * 1024;

/**
 * A banner call's JSON of `count` strings of 12 MB (each under a banner's base64), its first part
 * sent now; `finish` sends the rest, `answer` is its status.
 */
function heldUpload(count: number) {
  const banner = { banner: { mime_type: "image/png", image: "A".repeat(12 * MB) } };
  const body = Buffer.from(JSON.stringify(Array.from({ length: count }, () => banner)));
  const { hostname, port } = new URL(admin.server.url);
  const request = http.request({
    hostname,
    port,
    path: "/api/banner/create",
    method: "POST",
    agent: false,
    headers: {
      Authorization: `Bearer ${admin.token}`,
      "Content-Type": "application/json",
      "Content-Length": body.length,
    },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
  });
  request.write(body.subarray(0, 1024));
  return { answer, finish: () => request.end(body.subarray(1024)) };
}

/** A banner call's JSON sent chunked: of unknown size, it weighs the gate's whole budget. */
function chunkedUpload(): Promise<{ status: number; retryAfter: string | undefined; body: unknown }> {
  const { hostname, port } = new URL(admin.server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        path: "/api/banner/create",
        method: "POST",
        agent: false,
        headers: {
          Authorization: `Bearer ${admin.token}`,
          "Content-Type": "application/json",
          "Transfer-Encoding": "chunked",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
            body: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ banner: [] }));
  });
}

/** A 600 × 600 PNG of noise: 1.1 MB, so that its upload's body is a large one (over 1 MB). */
function noisePng(): Promise<Buffer> {
  return sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Every slot of the picture queue held until the returned release: the jobs queued behind wait. */
function holdPictureQueue(): { release: () => Promise<void> } {
  const gate = Promise.withResolvers<undefined>();
  const held = Array.from({ length: pictureWork.concurrency }, () => pictureWork(() => gate.promise));
  return {
    release: async () => {
      gate.resolve(undefined);
      await Promise.all(held);
    },
  };
}

describe("picture bodies", () => {
  it("past the bytes read at once wait for the body before them to answer, then are read", async () => {
    const first = heldUpload(5);
    await expect.poll(() => pictureBodies.counts.bytes, { timeout: 10_000 }).toBeGreaterThan(60 * MB);
    const second = heldUpload(2);
    await expect.poll(() => pictureBodies.counts.waiting, { timeout: 10_000 }).toBe(1);
    second.finish();
    expect(pictureBodies.counts.waiting).toBe(1);
    first.finish();
    // Both refused by the banner's checks (no picture in them), neither by the gate: it let each in, in turn.
    expect(await first.answer).toBe(400);
    expect(await second.answer).toBe(400);
    // Given back a turn after the last answer has left (nothing was left behind to wait for).
    await expect.poll(() => pictureBodies.counts, { timeout: 10_000 }).toEqual({ bytes: 0, waiting: 0 });
  });

  it("keep a body's turn until its pictures' variants are made, from the database; the waiting told 503 past four", async () => {
    // The queue held while the upload's picture is decoded: its variants, queued after, wait.
    const before = holdPictureQueue();
    const created = admin.call("POST", "/api/banner/create", {
      banner: [{ mime_type: "image/png", image: (await noisePng()).toString("base64") }],
    });
    await expect.poll(() => pictureWork.pendingCount, { timeout: 10_000 }).toBe(1);
    const during = holdPictureQueue();
    await before.release();
    const reply = await created;
    expect(reply.status).toBe(201);
    const [banner] = (await reply.json()) as { image: string }[];
    const id = imageIdFromPath(banner?.image ?? "") ?? "";
    // Answered, its variants not made: the body keeps its turn.
    await expect.poll(() => pictureWork.pendingCount, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(pictureBodies.counts.bytes).toBeGreaterThan(0);
    const waiting = Array.from({ length: 4 }, () => chunkedUpload());
    await expect.poll(() => pictureBodies.counts.waiting, { timeout: 10_000 }).toBe(4);
    const refused = await chunkedUpload();
    expect(refused).toEqual({ status: 503, retryAfter: "5", body: errorBody("ERROR_SERVER_BUSY") });
    // The picture stored, then changed in the database: its variants are made from what is stored
    // when their turn comes, not from bytes the upload left in memory.
    const red = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    await admin.server.services.db.updateTable("images").set({ bytes: red }).where("id", "=", id).execute();
    expect(pictureBodies.counts.waiting).toBe(4);
    await during.release();
    // Each waiting body let in once the variants are made, one after the other: none told 503.
    const answers = await Promise.all(waiting);
    expect(answers.map(({ status }) => status)).toEqual([400, 400, 400, 400]);
    const cache = path.join(admin.server.services.config.DATA_DIR, "media-cache");
    for (const width of [320, 640])
      for (const format of VARIANT_FORMATS)
        expect(existsSync(path.join(cache, `${id}-${width}w.${format}`))).toBe(true);
    const { data } = await sharp(path.join(cache, `${id}-320w.webp`))
      .stats()
      .then((stats) => ({ data: stats.channels.map((channel) => Math.round(channel.mean)) }));
    expect(data[0]).toBeGreaterThan(240);
    expect(data[1]).toBeLessThan(15);
    await expect.poll(() => pictureBodies.counts, { timeout: 10_000 }).toEqual({ bytes: 0, waiting: 0 });
  }, 60_000);
});
