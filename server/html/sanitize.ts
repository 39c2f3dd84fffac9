import { createRequire } from "node:module";
import type sanitizeHtml from "sanitize-html";
import {
  TEXT_ALIGNMENTS,
  TEXT_ALIGN_CLASSES,
  textAlignClass,
  type TextAlignment,
} from "../../common/text/rich-text.ts";

/**
 * The rich text of a product (header offer, details, technical data) as the public pages may show
 * it: an allowlist of the markup the admin editor makes. Scripts, event handlers, styles, frames,
 * forms and any URL scheme but http, https, mailto and tel are removed; links get a forced rel.
 * An inline `text-align` (what editors write) becomes the matching class of common/text/rich-text.ts.
 */

const ALIGNABLE = ["p", "h2", "h3", "h4", "span", "li", "td", "th"];

const INLINE_ALIGNMENT = /(?:^|;)\s*text-align\s*:\s*([a-z]+)\s*(?:;|$)/i;

function isAlignment(value: string): value is TextAlignment {
  return (TEXT_ALIGNMENTS as readonly string[]).includes(value);
}

/** Keeps the alignment, in class form, and nothing else of `style` or `class`. */
function alignmentOnly(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { style = "", class: classes = "", ...rest } = attribs;
  const kept = classes.split(/\s+/).filter((name) => TEXT_ALIGN_CLASSES.includes(name));
  const inline = INLINE_ALIGNMENT.exec(style)?.[1]?.toLowerCase();
  if (inline && isAlignment(inline)) kept.push(textAlignClass(inline));
  return { tagName, attribs: kept.length > 0 ? { ...rest, class: [...new Set(kept)].join(" ") } : rest };
}

const renamed = (tagName: string) => (_name: string, attribs: sanitizeHtml.Attributes) =>
  alignmentOnly(tagName, attribs);

const HEADER_SCOPES = ["col", "row", "colgroup", "rowgroup"];

/** A header cell: its alignment as for any cell, and its scope only when it is one HTML knows. */
function headerCell(_name: string, { scope, ...attribs }: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const tag = alignmentOnly("th", attribs);
  return scope !== undefined && HEADER_SCOPES.includes(scope) ? { ...tag, attribs: { ...tag.attribs, scope } } : tag;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "u",
    "s",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "span",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ["class"]])),
    a: ["href", "rel", "target"],
    td: ["class", "colspan", "rowspan"],
    // A header cell says what it heads, for screen readers reading a technical-data table (headerCell).
    th: ["class", "colspan", "rowspan", "scope"],
  },
  allowedClasses: Object.fromEntries(ALIGNABLE.map((tag) => [tag, [...TEXT_ALIGN_CLASSES]])),
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // What the admin pastes from elsewhere keeps its meaning: the page's own h1 stays the only one.
  transformTags: {
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, renamed(tag)])),
    th: headerCell,
    h1: renamed("h2"),
    h5: renamed("h4"),
    h6: renamed("h4"),
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    a: (_name, { target, rel: _rel, ...attribs }) => ({
      tagName: "a",
      attribs: { ...attribs, ...(target === "_blank" ? { target } : {}), rel: "noopener noreferrer nofollow" },
    }),
  },
  // Disallowed tags are dropped and their text kept, except these, whose content is not text to show.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "xmp",
    "noscript",
    "noembed",
    "noframes",
    "iframe",
    "template",
    "object",
    "svg",
    "math",
    "select",
  ],
  disallowedTagsMode: "discard",
  nestingLimit: 50,
};

let sanitizer: typeof sanitizeHtml | undefined;

/**
 * sanitize-html (with htmlparser2 and postcss, about 3 MB of heap) is loaded by the first product
 * written, not at start: pages only show what was sanitised when it was stored (decision 50).
 */
export function sanitizeRichText(html: string): string {
  sanitizer ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtml;
  return sanitizer(html, options);
}
