import { Parser } from "htmlparser2";

/** One element of a parsed document: its name, attributes, own text and all the text inside it (`content`). */
export interface Element {
  name: string;
  attributes: Record<string, string>;
  text: string;
  content: string;
  /** It or an element around it has the `hidden` attribute: not shown. */
  hidden: boolean;
}

/**
 * Every element of an HTML or XML document in document order, parsed by htmlparser2 (a real parser,
 * so the tests read the markup as a crawler would, not with regular expressions).
 */
export function parseElements(markup: string, options: { xml?: boolean } = {}): Element[] {
  const elements: Element[] = [];
  const open: Element[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = {
          name,
          attributes,
          text: "",
          content: "",
          hidden: "hidden" in attributes || (open.at(-1)?.hidden ?? false),
        };
        elements.push(element);
        open.push(element);
      },
      ontext(text) {
        const current = open.at(-1);
        if (current) current.text += text;
        for (const element of open) element.content += text;
      },
      onclosetag() {
        open.pop();
      },
    },
    { xmlMode: options.xml ?? false, decodeEntities: true },
  );
  parser.write(markup);
  parser.end();
  return elements;
}

/** The head facts of a page: meta by name or property, links by rel, and the JSON-LD blocks, parsed. */
export function headFacts(html: string) {
  const elements = parseElements(html);
  const meta = (key: string) =>
    elements.find(
      (element) => element.name === "meta" && (element.attributes.name === key || element.attributes.property === key),
    )?.attributes.content;
  const links = (rel: string) =>
    elements
      .filter((element) => element.name === "link" && element.attributes.rel === rel)
      .map((element) => element.attributes);
  const jsonLd = elements
    .filter((element) => element.name === "script" && element.attributes.type === "application/ld+json")
    .map((element) => JSON.parse(element.text) as Record<string, unknown>);
  const title = elements.find((element) => element.name === "title")?.text;
  return { meta, links, jsonLd, title, elements };
}
