import { randomUUID } from "node:crypto";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { toSlug } from "../../common/text/slug.ts";
import { altchaToken, validContact } from "../../tests/helpers/contact.ts";
import { TEST_ADMIN } from "../../tests/helpers/test-admin.ts";
import { adminHeaders } from "./admin-headers.ts";

/**
 * A site's mixed traffic for the soak bench: public pages, API reads, admin writes and contact
 * submissions, from `connections` concurrent loops (fetch keeps their connections), for a given time. Each
 * call is timed and counted by route group; anything but the expected status is an error.
 */

export const GROUPS = ["public pages", "api reads", "admin writes", "contact"] as const;
export type Group = (typeof GROUPS)[number];

/** Shares of the calls; a contact submission is two calls (challenge, then the form), both counted as contact. */
const MIX: readonly [Group, number][] = [
  ["public pages", 55],
  ["api reads", 33],
  ["admin writes", 4],
  ["contact", 8],
];

export interface GroupFigures {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

export interface TrafficResult {
  seconds: number;
  requests: number;
  errors: number;
  /** The first few errors, as "group METHOD path: status or message". */
  errorSamples: string[];
  groups: Record<Group, GroupFigures>;
  /** The unique markers of the contact requests the site accepted (201). */
  contactMarkers: string[];
}

interface Catalogue {
  pages: string[];
  reads: string[];
}

/** The pages and API reads of the site's catalogue (the demo one). */
async function readCatalogue(url: string): Promise<Catalogue> {
  const categories = (await (await fetch(`${url}/api/category`)).json()) as { uuid: string; name: string }[];
  const products = (await (await fetch(`${url}/api/product`)).json()) as {
    uuid: string;
    model: string;
    category: string;
  }[];
  if (categories.length === 0 || products.length === 0)
    throw new Error("the site has no catalogue: start it with SEED_DEMO=true");
  const pages = ["/home", "/contact", ...categories.map((category) => `/categorie/${toSlug(category.name)}`)];
  for (const product of products.slice(0, 20))
    pages.push(`/categorie/${toSlug(product.category)}/utilaj/${toSlug(product.model)}`);
  const reads = ["/api/category", "/api/product", "/api/banner/first", "/api/banner", "/api/version"];
  for (const category of categories) reads.push(`/api/product/category/${category.uuid}`);
  for (const product of products.slice(0, 20)) reads.push(`/api/product/${product.uuid}`);
  return { pages, reads };
}

function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/** Runs the mix against `url` for `seconds` with `connections` loops; `onTick` is called about every second. */
export async function runMixedTraffic(options: {
  url: string;
  connections: number;
  seconds: number;
  onTick?: (elapsed: number) => void;
}): Promise<TrafficResult> {
  const { url } = options;
  const catalogue = await readCatalogue(url);
  const { Authorization } = await adminHeaders(url, TEST_ADMIN.password, TEST_ADMIN.username);
  const latencies = Object.fromEntries(GROUPS.map((group) => [group, [] as number[]])) as Record<Group, number[]>;
  const errors = Object.fromEntries(GROUPS.map((group) => [group, 0])) as Record<Group, number>;
  const errorSamples: string[] = [];
  const contactMarkers: string[] = [];
  /** Categories this run created (uuid, name), renamed and deleted by the admin writes. */
  const ours: { uuid: string; name: string }[] = [];
  const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

  /** One timed call: its reply's body, or undefined (counted as an error) unless the status is `expected`. */
  async function call(
    group: Group,
    method: string,
    path: string,
    expected: number,
    body?: unknown,
    auth = false,
  ): Promise<Buffer | undefined> {
    const started = performance.now();
    try {
      const headers: Record<string, string> = { "Accept-Encoding": "br, gzip" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (auth) headers.Authorization = Authorization;
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = await response.arrayBuffer();
      latencies[group].push(performance.now() - started);
      if (response.status === expected) return Buffer.from(bytes);
      errors[group]++;
      if (errorSamples.length < 20)
        errorSamples.push(
          `${group} ${method} ${path}: ${response.status} ${Buffer.from(bytes).toString("utf8").slice(0, 200)}`,
        );
    } catch (error) {
      latencies[group].push(performance.now() - started);
      errors[group]++;
      if (errorSamples.length < 20)
        errorSamples.push(
          `${group} ${method} ${path}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error)}`,
        );
    }
    return undefined;
  }

  async function adminWrite(): Promise<void> {
    const choice = Math.random();
    if (ours.length < 3 || choice < 0.4) {
      const name = `Soak ${randomUUID().slice(0, 8)}`;
      const created = await call("admin writes", "POST", "/api/category/create", 201, { name }, true);
      if (created) ours.push(JSON.parse(created.toString("utf8")) as { uuid: string; name: string });
    } else if (choice < 0.8) {
      // Taken out of the list while renamed, so that no other loop deletes it meanwhile.
      const category = ours.splice(Math.floor(Math.random() * ours.length), 1)[0];
      category.name = `Soak ${randomUUID().slice(0, 8)}`;
      await call(
        "admin writes",
        "PUT",
        "/api/category/update",
        200,
        { uuid: category.uuid, name: category.name },
        true,
      );
      ours.push(category);
    } else {
      const category = ours.splice(Math.floor(Math.random() * ours.length), 1)[0];
      await call("admin writes", "DELETE", `/api/category/${category.uuid}`, 204, undefined, true);
    }
  }

  async function contact(): Promise<void> {
    const reply = await call("contact", "GET", "/api/contact/challenge", 200);
    if (!reply) return;
    const challenge = JSON.parse(reply.toString("utf8")) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    // The soak counts its mails by this marker.
    const { marker, ...fields } = validContact({}, `soak-${randomUUID()}`);
    const sent = await call("contact", "POST", "/api/contact", 201, {
      ...fields,
      recaptcha: altchaToken(challenge, solution),
    });
    if (sent) contactMarkers.push(marker);
  }

  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const ticker = setInterval(() => options.onTick?.((performance.now() - started) / 1000), 1000);
  const loop = async () => {
    while (performance.now() < deadline) {
      let draw = Math.random() * totalWeight;
      const group = MIX.find(([, weight]) => (draw -= weight) < 0)?.[0] ?? "public pages";
      if (group === "public pages") await call(group, "GET", pick(catalogue.pages), 200);
      else if (group === "api reads") await call(group, "GET", pick(catalogue.reads), 200);
      else if (group === "admin writes") await adminWrite();
      else await contact();
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, loop));
  } finally {
    clearInterval(ticker);
  }
  const seconds = (performance.now() - started) / 1000;
  const groups = Object.fromEntries(
    GROUPS.map((group) => {
      const sorted = Float64Array.from(latencies[group]).sort();
      return [
        group,
        { requests: sorted.length, errors: errors[group], p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) },
      ];
    }),
  ) as Record<Group, GroupFigures>;
  return {
    seconds,
    requests: GROUPS.reduce((sum, group) => sum + groups[group].requests, 0),
    errors: GROUPS.reduce((sum, group) => sum + groups[group].errors, 0),
    errorSamples,
    groups,
    contactMarkers,
  };
}
