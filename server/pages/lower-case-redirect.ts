/**
 * Page addresses are lower-case (spec §2: category and model names in paths are lower-cased), so
 * `/HOME` or `/Categorie/Excavatoare` answer a permanent redirect to the lower-case address instead
 * of a second copy of the page (duplicate URLs for search engines). The query is kept. Percent
 * escapes are compared decoded: `%C8%99` is not an upper-case letter. Files (a dot in the last
 * segment: hashed assets, React Router's `.data` requests) keep their case: no page has a dot.
 * Admin addresses are left alone. The address redirected to is always a path on this site: runs of
 * slashes and backslashes, decoded from escapes too, become one slash, since a browser reads a
 * `Location` starting `//` or `/\` as another host (`//Evil.example` must not send a visitor there).
 */
export function lowerCaseRedirect(url: URL): Response | null {
  // Admin addresses carry case-sensitive parts (a password-reset token) and are not for search engines.
  if (url.pathname.startsWith("/admin")) return null;
  if (url.pathname.slice(url.pathname.lastIndexOf("/")).includes(".")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const lower = decoded.toLowerCase();
  if (lower === decoded) return null;
  const path = lower.replace(/[/\\]+/g, "/");
  return new Response(null, { status: 301, headers: { Location: `${encodeURI(path)}${url.search}` } });
}
