/**
 * The remembered URL of spec §2: a refused visit to /admin/main… goes to the login page with the
 * attempted path in `?redirect=`, and a successful login returns there. Only paths inside the
 * admin shell are honoured, so the parameter cannot send anyone to another site.
 */

export const LOGIN_PATH = "/admin/login";
export const HOME_PATH = "/admin/main";

function isShellPath(path: string): boolean {
  return (path === HOME_PATH || path.startsWith(`${HOME_PATH}/`) || path.startsWith(`${HOME_PATH}?`)) && !path.includes("\\");
}

/** The login page, remembering `attempted` (a path with its query) when it is a shell page. */
export function loginUrl(attempted?: string): string {
  return attempted && isShellPath(attempted) ? `${LOGIN_PATH}?redirect=${encodeURIComponent(attempted)}` : LOGIN_PATH;
}

/** Where to go after logging in: the remembered page, or the shell's home. */
export function afterLoginPath(search: URLSearchParams): string {
  const target = search.get("redirect");
  return target && isShellPath(target) ? target : HOME_PATH;
}

/** The current admin page as `loginUrl` wants it. */
export function currentPath(url: URL | Location = window.location): string {
  return `${url.pathname}${url.search}`;
}
