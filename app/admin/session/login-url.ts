/**
 * The remembered URL of spec §2: a refused visit to /admin/main… goes to the login page with the
 * attempted path in `?redirect=`, and a successful login returns there. The parameter comes from
 * the address bar, so anyone can write it: only a plain path inside the admin shell is honoured,
 * and anything that a browser or the router could read as another place (another site, a `..`
 * climbing out of the shell) is replaced by the shell's home.
 */

export const LOGIN_PATH = "/admin/login";
export const HOME_PATH = "/admin/main";

/** C0 and C1 control characters: a browser strips some of them from addresses, which changes what the checks saw. */
const CONTROL = /\p{Cc}/u;
/** A percent-escaped slash or backslash: decoded later by someone, it would become a separator. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;
/** An escape still there after the one decoding: the address was encoded twice, to slip something past a check. */
const ESCAPE = /%[0-9a-f]{2}/i;

function decodedOnce(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * `target` as a path of the shell to go to, or undefined when it is not one. The path (up to the
 * query or fragment) is decoded once and must then be `/admin/main` alone or followed by `/`, with
 * no `.` or `..` segment (a browser also reads `%2e%2e` as `..`), no `//`, no backslash, no
 * escaped slash and nothing left to decode. The query and fragment only select something on the
 * page: they may hold escapes (a search for "a/b" is `q=a%2Fb`), not control characters or
 * backslashes. The result is the decoded path, encoded again the one standard way.
 */
export function shellPath(target: string | null | undefined): string | undefined {
  if (!target || CONTROL.test(target) || target.includes("\\")) return undefined;
  const end = target.search(/[?#]/);
  const raw = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? "" : target.slice(end);
  if (ENCODED_SEPARATOR.test(raw)) return undefined;
  const path = decodedOnce(raw);
  if (path === undefined || CONTROL.test(path) || path.includes("\\") || ESCAPE.test(path) || path.includes("//"))
    return undefined;
  if (path !== HOME_PATH && !path.startsWith(`${HOME_PATH}/`)) return undefined;
  if (path.split("/").some((segment) => segment === "." || segment === "..")) return undefined;
  return `${encodeURI(path)}${rest}`;
}

/** The login page, remembering `attempted` (a path with its query) when it is a shell page. */
export function loginUrl(attempted?: string): string {
  const target = shellPath(attempted);
  return target ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;
}

/** Where to go after logging in: the remembered page, or the shell's home. */
export function afterLoginPath(search: URLSearchParams): string {
  return shellPath(search.get("redirect")) ?? HOME_PATH;
}

/** The current admin page as `loginUrl` wants it. */
export function currentPath(url: URL | Location = window.location): string {
  return `${url.pathname}${url.search}`;
}
