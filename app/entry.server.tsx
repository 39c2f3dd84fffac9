import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import dictionaryScripts from "virtual:dictionary-scripts";
import { LANGUAGES, toLanguage } from "../common/language/language.ts";
import { loadLanguage } from "./i18n/translate.ts";
import { documentEdges } from "./lib/document-edges.server.ts";
import { scriptsAfterPaint } from "./lib/scripts-after-paint.ts";
import { ScriptNonceContext } from "./lib/script-nonce.ts";
import { pageRequest } from "./page-request.server.ts";

/** A failure while a page renders or loads, in the server's log with the request's id; never on the page. */
function logPageError(
  context: Readonly<RouterContextProvider>,
  request: Request,
  error: unknown,
  during: "render" | "loader",
): void {
  const { services, requestId } = pageRequest(context);
  services.logger.error({ err: error, requestId, path: new URL(request.url).pathname, during }, "page failed");
}

/**
 * React Router's hook for errors of loaders and actions (thrown Responses are not errors). Its own
 * refusals of the request (405: a method the page has no action for) are the client's error, not
 * the page's: the server logs them as such, sparingly.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who went away is not a failure.
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const { services, requestId, clientAddress } = pageRequest(context);
    const { method, url } = request;
    services.refused({ requestId, clientAddress, method, path: new URL(url).pathname, status: error.status });
    return;
  }
  logPageError(context, request, error, "loader");
};

// Every language a page may be rendered in, before the first request.
await Promise.all(LANGUAGES.map(loadLanguage));

export const streamTimeout = 5_000;

const DOCUMENT_LANGUAGE = /<html\b[^>]*\blang="([^"]*)"/;

/**
 * Pages are rendered whole before the reply starts: our loaders hold all data, and a complete
 * document can be cached and hashed for the Content-Security-Policy.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status, headers });
  }
  let statusCode = status;
  const nonce = pageRequest(loadContext).scriptMark;
  const page = (
    <ScriptNonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </ScriptNonceContext>
  );
  const document = documentEdges(
    await renderWhole(page, nonce, (error) => {
      statusCode = 500;
      if (!request.signal.aborted) logPageError(loadContext, request, error, "render");
    }),
    nonce,
  );
  headers.set("Content-Type", "text/html; charset=utf-8");
  // The dictionary the browser loads before hydrating is the document's language's (app/entry.client.tsx).
  const dictionary = dictionaryScripts[toLanguage(DOCUMENT_LANGUAGE.exec(document.edges)?.[1])];
  const parts = document.parts(scriptsAfterPaint(document.edges, nonce, dictionary === undefined ? [] : [dictionary]));
  const { finishPage } = pageRequest(loadContext);
  if (!finishPage) return new Response(Buffer.concat(parts), { status: statusCode, headers });
  // The server sends the document it was handed: this reply carries its status and headers.
  finishPage(parts, headers);
  return new Response(null, { status: statusCode, headers });
}

/**
 * The whole document's bytes, once every part is ready. Node's stream of React rather than
 * the web one: its chunks are collected as they come, without a web stream's reads (about a tenth
 * of a render's time; decision 054). Rejects when the shell fails; past streamTimeout the render is
 * aborted, its missing parts reported to `onError`.
 */
function renderWhole(page: ReactNode, nonce: string | undefined, onError: (error: unknown) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const render: { abort?: () => void } = {};
    const timer = setTimeout(() => render.abort?.(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const rendering = renderToPipeableStream(page, {
      nonce,
      // Every Suspense boundary in place in the page's markup, never sent apart to be revealed by a
      // script: the page is sent whole anyway, must read without JavaScript, and its boundaries are
      // there only to let hydration go region by region (decision 056).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => rendering.pipe(sink),
      onShellError: (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError,
    });
    render.abort = () => rendering.abort();
  });
}
