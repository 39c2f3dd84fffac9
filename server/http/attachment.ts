/**
 * A download's Content-Disposition: the name as typed in `filename*` (RFC 6266 / 8187, UTF-8, which
 * every current browser reads), and an ASCII spelling in `filename` for the rest. A header's value is
 * bytes, so "încărcătoare" written as is would throw rather than answer.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
