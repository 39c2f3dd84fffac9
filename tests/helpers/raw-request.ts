import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequestOptions {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  /** Sent as one piece, or chunk by chunk (chunked transfer encoding when no Content-Length is given). */
  body?: Buffer | string | Buffer[];
  timeoutMs?: number;
  /** The local address to connect from: any of 127.0.0.0/8 on Linux, to play a client other than 127.0.0.1. */
  localAddress?: string;
}

/**
 * One request over node:http with the path sent byte for byte (fetch would resolve `..` segments
 * first). A reply that does not come within the time limit rejects, so a hung request fails clearly.
 * The reply may arrive before the whole body is sent (an early 413): the request is then dropped.
 */
export function rawRequest(baseUrl: string, path: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const request = http.request({
      hostname,
      port,
      path,
      method: options.method ?? "GET",
      headers: options.headers,
      localAddress: options.localAddress,
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`${options.method ?? "GET"} ${path}: no reply within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        request.destroy();
      });
    });
    const pieces = options.body === undefined ? [] : Array.isArray(options.body) ? options.body : [options.body];
    writeAll(request, pieces);
  });
}

/** Writes the pieces with back-pressure; stops quietly once the request is gone (the reply came first). */
function writeAll(request: http.ClientRequest, pieces: (Buffer | string)[]): void {
  let index = 0;
  const next = (): void => {
    while (index < pieces.length) {
      if (request.destroyed) return;
      if (!request.write(pieces[index++])) {
        request.once("drain", next);
        return;
      }
    }
    if (!request.destroyed) request.end();
  };
  next();
}
