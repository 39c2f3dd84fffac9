/**
 * What never belongs in pasted rich text: it runs code, loads things or restyles the page (the
 * editor has no images either).
 */
const ACTIVE =
  "script, style, link, meta, iframe, frame, object, embed, template, noscript, svg, math, form, base, img, picture, video, audio, source";

/**
 * Pasted HTML, before the editor reads it: the editor parses it in the live document, where an
 * `<img onerror>` would run (the admin's CSP blocks it, but it should not get that far). Parsed
 * here with DOMParser (an inert document: nothing loads or runs), active elements, event-handler
 * and style attributes, and script URLs are removed. The server sanitises again on save.
 */
export function withoutActiveContent(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const element of document.body.querySelectorAll(ACTIVE)) element.remove();
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const scriptUrl = /^\s*(javascript|vbscript|data):/i.test(attribute.value);
      if (
        name.startsWith("on") ||
        name === "style" ||
        name === "srcset" ||
        ((name === "href" || name === "src") && scriptUrl)
      ) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  return document.body.innerHTML;
}
