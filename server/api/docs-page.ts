import { createHash } from "node:crypto";
import { html, raw } from "hono/html";
import type { OpenApiDocument } from "./openapi.ts";

/**
 * GET /api/docs: the OpenAPI document as a page a person reads, written on the server with no
 * script. hono's `html` tag escapes every interpolated value; only its own fragments (and the
 * constant stylesheet) pass through as they are.
 */

type Html = ReturnType<typeof html>;
type PathItem = NonNullable<OpenApiDocument["paths"]>[string];
type Operation = NonNullable<PathItem["get"]>;
type RequestBody = Exclude<NonNullable<Operation["requestBody"]>, { $ref: string }>;
type Parameter = Exclude<NonNullable<Operation["parameters"]>[number], { $ref: string }>;
type Schema = NonNullable<RequestBody["content"][string]["schema"]>;
type Reference = Extract<Schema, { $ref: string }>;
type SchemaObject = Exclude<Schema, Reference>;
/** The generator writes responses inline, never as references. */
interface DescribedResponse {
  description: string;
  content?: RequestBody["content"];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const SCHEMA_PREFIX = "#/components/schemas/";

const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1b1f24; background: #fff; }
body { margin: 0 auto; max-width: 64rem; padding: 1rem 1.25rem 4rem; }
h1 { margin-bottom: 0.25rem; }
h2 { margin-top: 3rem; border-bottom: 2px solid #d0d7de; padding-bottom: 0.25rem; }
h3 { margin: 0 0 0.5rem; font-size: 1.1rem; }
h4 { margin: 1rem 0 0.25rem; font-size: 0.95rem; }
nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0; list-style: none; }
a { color: #0550ae; }
a:focus-visible { outline: 3px solid #0550ae; outline-offset: 2px; }
code { font-family: ui-monospace, monospace; font-size: 0.9em; background: #f0f2f4; padding: 0 0.2em; border-radius: 3px; overflow-wrap: anywhere; }
.operation, .schema { border: 1px solid #d0d7de; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4.5em; text-align: center; border-radius: 4px; padding: 0 0.4em; color: #fff; font-family: ui-monospace, monospace; }
.get { background: #0a6130; }
.post { background: #0550ae; }
.put, .patch { background: #7d4e00; }
.delete { background: #a40e26; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid #d0d7de; padding: 0.3rem 0.5rem 0.3rem 0; }
p { margin: 0.25rem 0; }
`;

/** The page's policy: its one stylesheet by hash, nothing else at all. */
export const docsPageSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export async function renderDocsPage(document: OpenApiDocument): Promise<string> {
  const operations = listOperations(document);
  const tags = document.tags ?? [];
  const schemas = document.components?.schemas ?? {};
  // The tag gives a String object marked as escaped; callers get the plain text.
  const page = await html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${document.info.title} ${document.info.version}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header>
<h1>${document.info.title} <small>${document.info.version}</small></h1>
${document.info.description ? html`<p>${prose(document.info.description)}</p>` : ""}
<p>The same description for programs: <a href="openapi.json">OpenAPI ${document.openapi} document</a>.
Calls marked “bearer token” need <code>Authorization: Bearer …</code> with the token of POST /api/login.</p>
<nav aria-label="Contents"><ul>
${tags.map((tag) => html`<li><a href="#tag-${tag.name}">${tag.name}</a></li>`)}
<li><a href="#schemas">schemas</a></li>
</ul></nav>
</header>
<main>
${tags.map(
  (tag) => html`<section aria-labelledby="tag-${tag.name}">
<h2 id="tag-${tag.name}">${tag.name}</h2>
${tag.description ? html`<p>${prose(tag.description)}</p>` : ""}
${operations.filter(({ operation }) => operation.tags?.[0] === tag.name).map((entry) => operationArticle(document, entry))}
</section>`,
)}
<section aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
${Object.entries(schemas).map(
  ([name, schema]) => html`<article class="schema" aria-labelledby="schema-${name}">
<h3 id="schema-${name}">${name}</h3>
${fieldTable(document, schema)}
</article>`,
)}
</section>
</main>
</body>
</html>`;
  return page.toString();
}

interface ListedOperation {
  method: (typeof METHODS)[number];
  path: string;
  operation: Operation;
}

/** Paths are shown as a browser calls them: under the document's (first) server, `/api`. */
function listOperations(document: OpenApiDocument): ListedOperation[] {
  const base = document.servers?.[0]?.url.replace(/\/$/, "") ?? "";
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path: `${base}${path}`, operation }] : [];
    }),
  );
}

function operationArticle(document: OpenApiDocument, { method, path, operation }: ListedOperation): Html {
  const id = `op-${method}${path.replace(/[^a-z0-9]+/gi, "-").replace(/-$/, "")}`;
  const parameters = (operation.parameters ?? []).filter((parameter): parameter is Parameter => !("$ref" in parameter));
  const body = operation.requestBody && !("$ref" in operation.requestBody) ? operation.requestBody : undefined;
  const responses = Object.entries((operation.responses ?? {}) as Record<string, DescribedResponse>);
  return html`<article class="operation" aria-labelledby="${id}">
<h3 id="${id}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
${operation.summary ? html`<p><strong>${operation.summary}</strong></p>` : ""}
${operation.description ? html`<p>${prose(operation.description)}</p>` : ""}
<p>Authentication: ${operation.security?.length ? "bearer token (admin)" : "none"}</p>
${
  parameters.length > 0
    ? html`<h4>Path parameters</h4>
<table><thead><tr><th scope="col">Name</th><th scope="col">Meaning</th></tr></thead><tbody>
${parameters.map((parameter) => html`<tr><td><code>${parameter.name}</code></td><td>${parameter.description ?? ""}</td></tr>`)}
</tbody></table>`
    : ""
}
${body ? requestBodySection(document, body) : ""}
<h4>Responses</h4>
<table><thead><tr><th scope="col">Status</th><th scope="col">Body</th><th scope="col">Meaning</th></tr></thead><tbody>
${responses.map(([status, response]) => html`<tr><td>${status}</td><td>${responseBody(response)}</td><td>${prose(response.description)}</td></tr>`)}
</tbody></table>
</article>`;
}

function requestBodySection(document: OpenApiDocument, body: RequestBody): Html {
  return html`<h4>Request body</h4>
${Object.entries(body.content).map(
  ([mediaType, { schema }]) => html`<p><code>${mediaType}</code>${schema ? html`: ${typeLabel(schema)}` : ""}</p>
${schema ? fieldTable(document, schema) : ""}`,
)}`;
}

function responseBody(response: DescribedResponse): Html | string {
  const content = Object.entries(response.content ?? {});
  if (content.length === 0) return "none";
  return html`${content.map(([mediaType, { schema }]) => html`<code>${mediaType}</code>${schema ? html` ${typeLabel(schema)}` : ""}`)}`;
}

interface Field {
  name: string;
  schema: Schema;
  required: boolean;
}

/** The fields of an object (or of a list's items), nested ones with dotted names. */
function fieldTable(document: OpenApiDocument, schema: Schema): Html | string {
  const fields = fieldsOf(document, schema, "", 0);
  if (fields.length === 0) return "";
  return html`<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Details</th></tr></thead><tbody>
${fields.map(
  (field) =>
    html`<tr><td><code>${field.name}</code></td><td>${typeLabel(field.schema)}</td><td>${field.required ? "yes" : "no"}</td><td>${rules(resolve(document, field.schema))}</td></tr>`,
)}
</tbody></table>`;
}

/** `base` names the value: `gallery[]` for the gallery's items, `header_photo` for that object's fields. */
function fieldsOf(document: OpenApiDocument, schema: Schema, base: string, depth: number): Field[] {
  const target = resolve(document, schema);
  // Deep enough for our bodies; a self-referencing schema stops here.
  if (depth > 3) return [];
  if (target.items) return fieldsOf(document, target.items, `${base}[]`, depth + 1);
  const required = new Set(target.required ?? []);
  return Object.entries(target.properties ?? {}).flatMap(([name, property]) => {
    const path = base ? `${base}.${name}` : name;
    // A nested object by reference is listed under its own name; an inline one is spelled out here.
    return [
      { name: path, schema: property, required: required.has(name) },
      ...(isReference(property) ? [] : fieldsOf(document, property, path, depth + 1)),
    ];
  });
}

function isReference(schema: Schema): schema is Reference {
  return typeof schema.$ref === "string";
}

function resolve(document: OpenApiDocument, schema: Schema): SchemaObject {
  if (!isReference(schema)) return schema;
  const target = document.components?.schemas?.[schema.$ref.slice(SCHEMA_PREFIX.length)];
  return target ? resolve(document, target) : {};
}

function typeLabel(schema: Schema): Html {
  if (isReference(schema)) {
    const name = schema.$ref.slice(SCHEMA_PREFIX.length);
    return html`<a href="#schema-${name}">${name}</a>`;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return html`${alternatives.map((alternative, index) => html`${index > 0 ? " or " : ""}${typeLabel(alternative)}`)}`;
  if (schema.items) return html`list of ${typeLabel(schema.items)}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.length > 0 ? types.join(" or ") : "any";
  return html`${named}${schema.format ? ` (${schema.format})` : ""}`;
}

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  const count = (value: number) => `${value} ${unit}${value === 1 ? "" : "s"}`;
  if (min !== undefined && max !== undefined) return `${min} to ${count(max)}`;
  if (min !== undefined) return `at least ${count(min)}`;
  return max !== undefined ? `at most ${count(max)}` : undefined;
}

function rules(schema: SchemaObject): Html {
  const said = [
    schema.description,
    schema.enum ? `one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}` : undefined,
    range(schema.minLength, schema.maxLength, "character"),
    range(schema.minItems, schema.maxItems, "item"),
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
  ].filter((text): text is string => text !== undefined);
  return html`${said.map((text, index) => html`${index > 0 ? "; " : ""}${prose(text)}`)}${
    schema.pattern ? html`${said.length > 0 ? "; " : ""}matches <code>${schema.pattern}</code>` : ""
  }`;
}

/** Text with `code` spans, as the descriptions write them. */
function prose(text: string): Html {
  return html`${text.split("`").map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}
