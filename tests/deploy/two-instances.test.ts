import { randomUUID } from "node:crypto";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { sendContact, validContact } from "../helpers/contact.ts";
import {
  rollingRestartPause,
  SOON,
  startDeployment,
  upstreamFailTimeout,
  type Deployment,
  type Instance,
} from "../helpers/deployment.ts";
import { pngPayload } from "../helpers/pictures.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";
import { createTestDatabase, siteAt, TEST_ADMIN, type Site } from "../helpers/test-server.ts";
import type { TrashList } from "../../common/trash/trash-schemas.ts";
import type { StatusView } from "../../common/status/status-schemas.ts";

/**
 * docs/operations.md's deployment, started for real: nginx with the page's site configuration in
 * front of two instances (`server/process/index.ts`, the production build, the unit's environment) on one
 * PostgreSQL database, driven over HTTP through nginx and through each instance.
 */

const METRICS_TOKEN = "metrics-token-of-the-deployment-test-0123456789";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: TestSmtpServer;
let deployment: Deployment;
let site: Site;
let instanceSites: [Site, Site];

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database) throw new Error("the deployment test runs on PostgreSQL (TEST_DIALECT=postgres)");
  smtp = await startSmtpServer();
  deployment = await startDeployment(
    database.url,
    {
      SMTP_URL: smtp.url,
      // Five failed logins per address and instance: the client-address test reaches the limit quickly,
      // and the drain test's four logins at once from 127.0.0.1 (each counted until it succeeds) never do.
      LOGIN_RATE_LIMIT: "5",
      METRICS_TOKEN,
    },
    {
      // The page's 10 minutes for a /media picture in nginx's cache, made 2 s: a deleted picture's
      // leaving the cache is waited for in seconds, by the page's own mechanism.
      mediaCacheValid: "2s",
    },
  );
  site = siteAt(deployment.url);
  instanceSites = [siteAt(deployment.instances[0].url), siteAt(deployment.instances[1].url)];
});

afterAll(async () => {
  await deployment?.stop();
  await smtp?.close();
  await database?.drop();
});

const servedBy = (instance: Instance, requestId: string) =>
  instance.requests.some((request) => request.requestId === requestId);

/**
 * nginx's error-log lines about a request an instance failed (refused, reset, closed, timed out) or
 * about an instance it skips: each is a failover, after which nginx sends the request to the other
 * instance and, when the instance refused it, skips that instance for the upstream's `fail_timeout`
 * (5 s on the page). Other lines naming the upstream (a response buffered to a file) are not.
 */
const FAILOVER = /connect\(\) failed|Connection reset by peer|prematurely closed|timed out|temporarily disabled/;
const upstreamFailures = () =>
  deployment.nginx
    .errorLog()
    .split("\n")
    .filter((line) => line.includes("upstream") && FAILOVER.test(line));

it("nginx passes requests to both instances in turn", async () => {
  const failuresBefore = upstreamFailures().length;
  /** Which instance (0 or 1) answered each request, in the order they were sent. */
  const answeredBy: number[] = [];
  const send = async () => {
    const id = randomUUID();
    const response = await site.fetch("/healthz", { headers: { "X-Request-Id": id } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const instance = await vi.waitFor(() => {
      const index = deployment.instances.findIndex((candidate) => servedBy(candidate, id));
      expect(index).toBeGreaterThanOrEqual(0);
      return index;
    }, SOON);
    answeredBy.push(instance);
  };
  for (let round = 0; round < 6; round++) await send();
  // After a failover nginx may send everything to one instance for 5 s: ask on, for longer than that,
  // until both have answered. An instance that never gets a request fails here.
  await vi.waitFor(
    async () => {
      if (new Set(answeredBy).size < 2) await send();
      expect(new Set(answeredBy).size, `instances in order: ${answeredBy.join(" ")}`).toBe(2);
    },
    { timeout: 10_000, interval: 100 },
  );
  // In turn: each request goes to the other instance than the one before, unless nginx logged a
  // failover, which legitimately sends a request (or 5 s of them) to the same one again.
  const repeats = answeredBy.filter((instance, at) => at > 0 && instance === answeredBy[at - 1]).length;
  const failovers = upstreamFailures().slice(failuresBefore);
  expect(
    repeats === 0 || failovers.length > 0,
    `instances in order: ${answeredBy.join(" ")}; nginx:\n${failovers.join("\n")}`,
  ).toBe(true);
});

it("a login through nginx opens both instances; a write through one shows on the other's API and public page", async () => {
  const { token } = await loginAsAdmin(site);
  const name = `Macarale ${randomUUID().slice(0, 8)}`;
  const created = await callJson(instanceSites[0], "POST", "/api/category/create", { name }, token);
  expect(created.status).toBe(201);

  const names = async (server: Site) =>
    ((await (await server.fetch("/api/category")).json()) as { name: string }[]).map((category) => category.name);
  await vi.waitFor(async () => expect(await names(instanceSites[1])).toContain(name), SOON);
  // The other instance's page cache follows within the catalogue-version read interval (decision 10).
  const homeOf = async (server: Site) => (await server.fetch("/home")).text();
  await vi.waitFor(async () => expect(await homeOf(instanceSites[1])).toContain(name), SOON);
  // Through nginx, whichever instance answers.
  for (let round = 0; round < 4; round++) expect(await names(site)).toContain(name);

  // The token from the login through nginx works on each instance directly.
  for (const server of instanceSites)
    expect((await callJson(server, "GET", "/api/configuration", undefined, token)).status).toBe(200);
});

it("the Stare page of either instance lists both instances seen, each marking itself (decision 087)", async () => {
  const { token } = await loginAsAdmin(site);
  const seen = [];
  for (const server of instanceSites) {
    const response = await callJson(server, "GET", "/api/status", undefined, token);
    expect(response.status).toBe(200);
    const status = (await response.json()) as StatusView;
    expect(status.instances).toHaveLength(2);
    expect(status.instances.filter((instance) => instance.current).map((instance) => instance.id)).toEqual([
      status.instance,
    ]);
    seen.push(status.instance);
  }
  expect(new Set(seen).size).toBe(2);
});

it("nginx answers /metrics with 404 however it is written; each instance's own port serves it to the scraper", async () => {
  const authorization = { Authorization: `Bearer ${METRICS_TOKEN}` };
  for (const spelling of ["/metrics", "//metrics", "/%6Detrics", "/metrics?format=text", "/metrics/"]) {
    const response = await fetch(`${deployment.url}${spelling}`, { headers: authorization });
    const text = await response.text();
    expect(response.status, spelling).toBe(404);
    expect(text, spelling).not.toContain("# TYPE");
  }
  for (const instance of deployment.instances) {
    const response = await fetch(`${instance.url}/metrics`, { headers: authorization });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("# TYPE");
  }
});

it("uploads larger than nginx's default 1 MB body reach the instances, which answer them themselves", async () => {
  const { token } = await loginAsAdmin(site);
  const body = JSON.stringify([{ mime_type: "image/png", image: "A".repeat(3 * 1024 * 1024) }]);
  const response = await callJson(site, "POST", "/api/banner/create", body, token);
  // Not nginx's HTML 413: the instance read the 3 MB body and refused the picture in its own words.
  expect(response.headers.get("content-type"), deployment.nginx.errorLog()).toContain("application/json");
  expect(response.status).toBe(400);
});

it("nginx keeps /assets files and answers them again without an instance", async () => {
  const asset = readdirSync(path.resolve(import.meta.dirname, "../../build/client/assets")).find((file) =>
    file.endsWith(".css"),
  );
  if (!asset) throw new Error("no built stylesheet: run npm run build");
  const first = await site.fetch(`/assets/${asset}`);
  const firstBody = await first.arrayBuffer();
  expect(first.status, deployment.nginx.errorLog()).toBe(200);
  const again = await vi.waitFor(async () => {
    const response = await site.fetch(`/assets/${asset}`);
    const reply = {
      status: response.status,
      cache: response.headers.get("x-cache-status"),
      body: await response.arrayBuffer(),
    };
    expect(reply.cache).toBe("HIT");
    return reply;
  }, SOON);
  expect(Buffer.from(again.body).equals(Buffer.from(firstBody))).toBe(true);
  // A query names no other file: it is the same entry, so random queries cannot fill the cache.
  const queried = await site.fetch(`/assets/${asset}?v=${randomUUID()}`);
  expect([
    queried.status,
    queried.headers.get("x-cache-status"),
    Buffer.from(await queried.arrayBuffer()).equals(Buffer.from(firstBody)),
  ]).toEqual([200, "HIT", true]);
});

it(
  "an /assets file only one instance has (two builds side by side, during an update) is answered 200 through nginx",
  { timeout: 90_000 },
  async () => {
    // Files only instance 0 loads: it is restarted while they are in the build; instance 1 started
    // before and never had them. nginx's round robin sends some of the first requests to instance 1.
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const files = Array.from({ length: 4 }, () => `only-one-${randomUUID()}.css`);
    let restarted: Instance;
    try {
      for (const file of files) writeFileSync(path.join(assets, file), `/* ${file} */`);
      restarted = await deployment.restart(0);
    } finally {
      for (const file of files) rmSync(path.join(assets, file), { force: true });
    }
    // nginx passes the restarted instance requests again (it skips one that refused it a connection).
    await vi.waitFor(async () => {
      await (await site.fetch("/healthz")).arrayBuffer();
      expect(restarted.requests.some((request) => request.path === "/healthz")).toBe(true);
    }, SOON);
    const replies = [];
    for (const file of files) {
      const response = await site.fetch(`/assets/${file}`);
      replies.push([response.status, await response.text()]);
    }
    expect(replies, deployment.nginx.errorLog()).toEqual(files.map((file) => [200, `/* ${file} */`]));
    // Instance 1 was asked too (and answered 404): the 200s above are nginx's retry, not luck.
    expect(
      deployment.instances[1].requests.some(
        (request) => request.path.startsWith("/assets/only-one-") && request.status === 404,
      ),
    ).toBe(true);
  },
);

it("nginx keeps /media pictures; a replaced picture is a new URL, and a deleted one leaves the cache when its time there ends", async () => {
  const { token } = await loginAsAdmin(site);
  const fetchPicture = async (url: string) => {
    const response = await site.fetch(url);
    return {
      status: response.status,
      cache: response.headers.get("x-cache-status"),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const created = await callJson(site, "POST", "/api/banner/create", [await pngPayload("#0f766e")], token);
  expect(created.status).toBe(201);
  const [banner] = (await created.json()) as BannerView[];

  const first = await fetchPicture(banner.image);
  expect([first.status, first.cache], deployment.nginx.errorLog()).toEqual([200, "MISS"]);
  const again = await vi.waitFor(async () => {
    const reply = await fetchPicture(banner.image);
    expect(reply.cache).toBe("HIT");
    return reply;
  }, SOON);
  expect(again.body.equals(first.body)).toBe(true);
  // A query names no other picture: the same entry, not a miss an instance answers with the full picture.
  const queried = await fetchPicture(`${banner.image}?junk=${randomUUID()}`);
  expect([queried.status, queried.cache, queried.body.equals(first.body)]).toEqual([200, "HIT", true]);
  // The picture's bytes left an instance once; asking again when the entry expires is a 304.
  const sentInFull = () =>
    deployment.instances
      .flatMap((instance) => instance.requests)
      .filter((request) => request.path === banner.image && request.status === 200).length;
  await vi.waitFor(() => expect(sentInFull()).toBe(1), SOON);

  // New bytes are a new picture under a new URL: nothing stale can be served under it.
  const update = await callJson(
    site,
    "PUT",
    "/api/banner/update",
    { uuid: banner.uuid, ...(await pngPayload("#b91c1c")) },
    token,
  );
  expect(update.status).toBe(200);
  const replaced = (await update.json()) as BannerView;
  expect(replaced.image).not.toBe(banner.image);
  const fresh = await fetchPicture(replaced.image);
  expect([fresh.status, fresh.cache, fresh.body.equals(first.body)]).toEqual([200, "MISS", false]);
  // The replaced picture is deleted: nginx answers it from its cache until the entry's time ends (2 s
  // here, 10 minutes on the page), not for the year the instances give browsers.
  await vi.waitFor(async () => expect((await fetchPicture(banner.image)).status).toBe(404), SOON);

  // A deleted banner picture waits in the trash (decision 074) but is no longer served: it leaves the
  // cache the same way (decision 080); restored, it is served again (nginx keeps no 404).
  expect((await callJson(site, "DELETE", `/api/banner/${replaced.uuid}`, undefined, token)).status).toBe(204);
  await vi.waitFor(async () => expect((await fetchPicture(replaced.image)).status).toBe(404), SOON);
  const trash = (await (await callJson(site, "GET", "/api/trash", undefined, token)).json()) as TrashList;
  const entry = trash.items.find((item) => item.itemId === replaced.uuid);
  expect((await callJson(site, "POST", `/api/trash/${entry?.id}/restore`, {}, token)).status).toBe(200);
  expect((await fetchPicture(replaced.image)).status).toBe(200);
});

/**
 * A failed login (no such user) sent through nginx from `from`, a loopback address other than
 * nginx's own 127.0.0.1.
 */
async function failedLoginFrom(from: string, forwardedFor?: string): Promise<number> {
  const reply = await rawRequest(deployment.url, "/api/login", {
    method: "POST",
    localAddress: from,
    headers: { "Content-Type": "application/json", ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}) },
    body: JSON.stringify({ username: `guesser-${from}`, password: "not the password" }),
  });
  return reply.status;
}

it("behind nginx the instances see each client's own address: one client's login limit leaves another alone, and an X-Forwarded-For the client wrote changes nothing", async () => {
  // 127.0.0.2 guesses until both instances refuse it. Each answers LOGIN_RATE_LIMIT (5) failures, then
  // 429s: 10 failures in all, in whatever order nginx spreads the guesses (a failover sends several
  // to one instance in a row).
  const guesses: number[] = [];
  const failures = () => guesses.filter((status) => status === 401).length;
  while (!(failures() >= 10 && guesses.slice(-2).join() === "429,429") && guesses.length < 30)
    guesses.push(await failedLoginFrom("127.0.0.2"));
  expect([failures(), guesses.slice(-2)], guesses.join()).toEqual([10, [429, 429]]);
  expect(
    guesses.every((status) => status === 401 || status === 429),
    guesses.join(),
  ).toBe(true);
  // Another client is not refused, not even when it claims to be the refused one or forwarded by nginx.
  expect([await failedLoginFrom("127.0.0.3"), await failedLoginFrom("127.0.0.3", "127.0.0.2")]).toEqual([401, 401]);
  // The refused client does not get out by naming another address: nginx appends the real one,
  // which the instances take (the right-most hop that is not a trusted proxy).
  expect([
    await failedLoginFrom("127.0.0.2", "127.0.0.3"),
    await failedLoginFrom("127.0.0.2", "198.51.100.7, 127.0.0.1"),
  ]).toEqual([429, 429]);

  // The logs name the client, never nginx or a written header (nor the user name typed, decision 073):
  // 10 + 2 attempts reached the login (a 429 does not).
  const guessers = new Set(["127.0.0.2", "127.0.0.3"]);
  const attempts = await vi.waitFor(() => {
    const lines = deployment.instances.flatMap((instance) =>
      instance.logs.filter((line) => line.msg === "login attempt" && guessers.has(String(line.ip))),
    );
    expect(lines).toHaveLength(12);
    return lines;
  }, SOON);
  expect(attempts.map((line) => `${String(line.outcome)} from ${String(line.ip)}`).sort()).toEqual([
    ...Array<string>(10).fill("unknown_user from 127.0.0.2"),
    ...Array<string>(2).fill("unknown_user from 127.0.0.3"),
  ]);
  expect(attempts.some((line) => "username" in line)).toBe(false);
  // Each instance took its own LOGIN_RATE_LIMIT (5) of the failures before it refused.
  const perInstance = deployment.instances.map(
    (instance) => instance.logs.filter((line) => line.msg === "login attempt" && line.ip === "127.0.0.2").length,
  );
  expect(perInstance).toEqual([5, 5]);
});

it("contact requests sent through nginx are taken by both instances and each is mailed exactly once", async () => {
  const requests = Array.from({ length: 20 }, () => validContact());
  const before = deployment.instances.map((instance) => contactPosts(instance));
  // The challenge and the answer may go to different instances: the signing secret is shared.
  const replies = await Promise.all(requests.map((request) => sendContact(site, request)));
  expect(replies.map((reply) => reply.status)).toEqual(requests.map(() => 201));
  const taken = await vi.waitFor(() => {
    const counts = deployment.instances.map((instance, index) => contactPosts(instance) - before[index]);
    expect(counts[0] + counts[1]).toBe(requests.length);
    return counts;
  }, SOON);
  expect(
    taken.every((count) => count > 0),
    `contact requests per instance: ${taken.join(", ")}`,
  ).toBe(true);

  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    const unsent = async () =>
      Number(
        (await client.query<{ count: string }>("select count(*) from mail_outbox where sent_at is null")).rows[0].count,
      );
    await vi.waitFor(async () => expect(await unsent()).toBe(0), SOON);
  } finally {
    await client.end();
  }
  const deliveries = requests.map(
    (request) => smtp.received.filter((mail) => mail.text.includes(request.marker)).length,
  );
  expect(deliveries).toEqual(requests.map(() => 1));
});

function contactPosts(instance: Instance): number {
  return instance.requests.filter((request) => request.method === "POST" && request.path === "/api/contact").length;
}

/**
 * Four clients calling through nginx one request after another until `stop()`: reads, and logins (a
 * POST, which nginx does not retry once an instance has received it). `statuses` holds every reply's.
 */
function trafficThroughNginx(): { statuses: number[]; stop(): Promise<void> } {
  const statuses: number[] = [];
  let stopping = false;
  const client = async () => {
    for (let call = 0; !stopping || call % 20 !== 0; call++) {
      const response =
        call % 2 === 0
          ? await site.fetch("/api/category")
          : await callJson(site, "POST", "/api/login", {
              username: TEST_ADMIN.username,
              password: TEST_ADMIN.password,
            });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  const clients = Promise.all([client(), client(), client(), client()]);
  return {
    statuses,
    stop: async () => {
      stopping = true;
      await clients;
    },
  };
}

it(
  "an update's rolling restart (docs/operations.md, step 7) answers every request through nginx",
  { timeout: 90_000 },
  async () => {
    // The page pauses after each instance is ready for longer than nginx skips an instance that refused
    // it a connection; without that pause the second restart left nginx none to use (502). The test
    // waits for what the pause is for: nginx passing the new instance requests again.
    const failTimeout = upstreamFailTimeout();
    expect(rollingRestartPause()).toBeGreaterThan(failTimeout);
    const traffic = trafficThroughNginx();
    await vi.waitFor(() => expect(traffic.statuses.length).toBeGreaterThanOrEqual(40), SOON);
    const before = deployment.instances.map((instance) => instance.pid);
    for (const index of [0, 1] as const) {
      const restarted = await deployment.restart(index);
      await vi.waitFor(
        () => expect(restarted.requests.some((request) => request.path.startsWith("/api/"))).toBe(true),
        { timeout: (failTimeout + 5) * 1000, interval: 50 },
      );
    }
    await traffic.stop();
    expect(deployment.instances.map((instance) => before.includes(instance.pid))).toEqual([false, false]);
    expect(
      traffic.statuses.filter((status) => status !== 200),
      deployment.nginx.errorLog(),
    ).toEqual([]);
  },
);

it(
  "an instance stopped (SIGTERM) under traffic through nginx drains without a failed request; the other serves on",
  { timeout: 90_000 },
  async () => {
    const [, stopping] = deployment.instances;
    const traffic = trafficThroughNginx();
    await vi.waitFor(() => expect(traffic.statuses.length).toBeGreaterThanOrEqual(40), SOON);
    stopping.signal("SIGTERM");
    expect(await stopping.exited).toBe(0);
    await traffic.stop();
    expect(
      traffic.statuses.filter((status) => status !== 200),
      deployment.nginx.errorLog(),
    ).toEqual([]);
  },
);
