import http from "node:http";
import { describe, expect, it } from "vitest";
import { pictureBodies } from "../../server/api/body-in-turns.ts";
import { withAdminServer } from "../helpers/admin-server.ts";

/**
 * The picture calls' bodies read at once on an instance (decision 090): a banner upload past the
 * bytes being read waits its turn, over real HTTP, and is read once the one before has answered.
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
    expect(pictureBodies.counts).toEqual({ bytes: 0, waiting: 0 });
  });
});
