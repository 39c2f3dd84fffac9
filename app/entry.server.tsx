import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { ScriptNonceContext } from "./lib/script-nonce.ts";
import { scriptMarkContext } from "./services.server.ts";

// server/ssr.ts reads the context keys from the build through these exports (see there why).
export { scriptMarkContext, servicesContext } from "./services.server.ts";

export const streamTimeout = 5_000;

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
  const nonce = loadContext.get(scriptMarkContext);
  const page = (
    <ScriptNonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </ScriptNonceContext>
  );
  const stream = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      statusCode = 500;
      if (!(request.signal.aborted)) console.error(error);
    },
  });
  await stream.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(stream, { status: statusCode, headers });
}
