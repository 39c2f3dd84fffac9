/**
 * A request's path as the log may keep it (decision 090): a path that leads to a secret — the
 * e-mailed reset link's token, the calendar feed's, an offer's personal link's — is told by what it means, not by how it is
 * spelled. Its segments are read as a router or a browser might read them (percent-decoded, `\`
 * as `/`, empty and `.` segments dropped, `..` climbing, letters' case aside); when they name a
 * secret route, the path is logged as it means it, its secret segment `[redacted]`. Every other
 * path is logged as it came.
 */

/** A secret route: its leading segments, then the secret (but not the words that are not one). */
interface SecretRoute {
  prefix: readonly string[];
  notSecret?: ReadonlySet<string>;
}

const SECRET_ROUTES: readonly SecretRoute[] = [
  { prefix: ["admin", "reset"] },
  { prefix: ["api", "bookings", "feed"], notSecret: new Set(["renew"]) },
  { prefix: ["oferta"] },
  { prefix: ["api", "offer-links"] },
];

/** `%XX` sequences decoded, again while any remain (`%252F` is `%2F` is `/`); a bad one left as it is. */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes("%"); round += 1) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The path's segments as they resolve. */
function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  for (const segment of decoded(path).split(/[/\\]+/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** The path with its secret redacted, or as it came when it leads to none. */
export function loggedPath(path: string): string {
  const cut = path.search(/[?#]/);
  const [pathname, rest] = cut === -1 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
  const segments = segmentsOf(pathname);
  for (const { prefix, notSecret } of SECRET_ROUTES) {
    const leads = prefix.every((name, index) => segments[index]?.toLowerCase() === name);
    const secret = segments[prefix.length];
    if (!leads || secret === undefined || notSecret?.has(secret.toLowerCase())) continue;
    return `/${[...segments.slice(0, prefix.length), "[redacted]", ...segments.slice(prefix.length + 1)].join("/")}${rest}`;
  }
  return path;
}
