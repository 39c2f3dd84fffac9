import { SPEC_SHEET_SEGMENT } from "../../common/catalogue/spec-sheet.ts";

/**
 * One address per page (decision 054). React Router answers a page under many spellings of its
 * path: `/home/`, `/home//`, `/home/./`, `/x/../home`, `/h%6Fme`, `/HOME`; each would be a render
 * of its own (the page cache keeps only the spelling links write, server/pages/page-key.ts) and a
 * duplicate page for search engines. Every such spelling answers one permanent redirect to the
 * page's address, decided from the request-target alone: no route is matched, nothing is rendered.
 *
 * The canonical path: dot segments resolved (also `%2e`), escapes of unreserved characters decoded
 * (`%6F` is `o`), runs of slashes (and backslashes, decoded from escapes too) one slash, no
 * trailing slash, lower case (spec §2: category and model names in paths are lower-cased; the
 * comparison is on the decoded path, so `%C8%99` is no upper-case letter). The query is kept as it
 * is: the page cache ignores what a page does not read. The address redirected to is always a path
 * on this site: a browser reads a `Location` starting `//` or `/\` as another host.
 *
 * A machine's spec sheet (`…/fisa-tehnica.pdf`, a route of its own) is a page with its file name:
 * its product page's path made canonical, then the name in lower case (`/…/CAT-320/FISA-TEHNICA.PDF`).
 * Any other file (a dot in the last segment: no page has one) keeps its case and escapes (file names
 * are case-sensitive) and only has its runs of slashes and backslashes (escaped too) made one slash, so that
 * `//evil.example` answers as `//evil.example/` does: one 301 to `/evil.example`.
 *
 * Left alone: admin addresses (case-sensitive parts such as a password-reset token; not for search
 * engines) and React Router's route manifest.
 * A data request (`/home.data`, `/_root.data` for `/`) is one when its page's path is canonical; one
 * for another spelling of a page (`/home/_.data`, `/home/.data`, `/h%6Fme.data`) is redirected to
 * the data request of the page's address, which a browser's fetch follows.
 */
export function canonicalRedirect(target: string): Response | null {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? "" : target.slice(queryAt);
  const canonical = canonicalTarget(path);
  return canonical === null || canonical === path
    ? null
    : new Response(null, { status: 301, headers: { Location: `${canonical}${query}` } });
}

const DATA_SUFFIX = ".data";
/** A run of slashes and backslashes, escaped or not: one slash in a canonical path. */
const SLASHES = /(?:[/\\]|%2f|%5c)+/gi;
/** React Router's data request of the page `/`. */
const ROOT_DATA = "/_root.data";

/** The canonical spelling of a request path, or null when it is not a page's (see canonicalRedirect). */
function canonicalTarget(path: string): string | null {
  if (!path.startsWith("/")) return null;
  const resolved = resolveDotSegments(path);
  if (resolved === "/__manifest" || isAdmin(resolved)) return null;
  const last = resolved.slice(resolved.lastIndexOf("/") + 1);
  if (!last.includes(".")) return canonicalPage(resolved);
  if (isSpecSheet(last)) {
    const page = canonicalPage(resolved.slice(0, -last.length));
    return page === null ? null : `${page === "/" ? "" : page}/${SPEC_SHEET_SEGMENT}`;
  }
  if (resolved === ROOT_DATA) return null;
  if (!resolved.endsWith(DATA_SUFFIX)) return resolved.replace(SLASHES, "/");
  // React Router's own spelling of a page that ends in a slash (`/home/_.data`) and the bare one.
  const page = resolved.endsWith(`/_${DATA_SUFFIX}`)
    ? resolved.slice(0, -`_${DATA_SUFFIX}`.length)
    : resolved.slice(0, -DATA_SUFFIX.length);
  if (page.includes(".")) return null;
  const canonical = canonicalPage(page);
  if (canonical === null) return null;
  return canonical === "/" ? ROOT_DATA : `${canonical}${DATA_SUFFIX}`;
}

/** Whether a last segment names the spec sheet, in any case or escaping. */
function isSpecSheet(segment: string): boolean {
  try {
    return decodeURIComponent(segment).toLowerCase() === SPEC_SHEET_SEGMENT;
  } catch {
    return false;
  }
}

/** Segment by segment: decoded, lower-cased, split again at decoded slashes, escaped as a link escapes it. */
function canonicalPage(path: string): string | null {
  const parts: string[] = [];
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    for (const part of decoded.toLowerCase().split(/[/\\]/)) {
      if (part === "..") parts.pop();
      else if (part !== "" && part !== ".") parts.push(encodeURIComponent(part));
    }
  }
  const canonical = `/${parts.join("/")}`;
  return isAdmin(canonical) ? null : canonical;
}

function isAdmin(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.");
}

/** The path with `.` and `..` segments (also escaped, `%2e`) resolved, as the URL parser does. */
function resolveDotSegments(path: string): string {
  if (!/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)) return path;
  return new URL(path, "http://x").pathname;
}
