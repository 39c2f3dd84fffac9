import { afterAll, beforeAll } from "vitest";
import type { StartOptions } from "../../server/process/start-server.ts";
import { callJson, loginAsAdmin, type Session } from "./auth.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

type ServerOptions = Omit<StartOptions, "logger">;

export interface RunningTestServer {
  /** The running server; read it inside tests and hooks (it starts in the file's or block's beforeAll). */
  readonly server: TestServer;
}

export interface AdminServer extends RunningTestServer {
  /** The access token of the administrator's session, logged in once the server is up. */
  readonly token: string;
  readonly session: Session;
  /** A JSON call with the administrator's bearer token (a string body is sent as it is). */
  call(method: string, pathname: string, body?: unknown): Promise<Response>;
}

/**
 * A server of the test file's (or describe block's) own (startTestServer: an ephemeral port, a
 * temporary data directory and database), started before its tests and stopped after them.
 * `options` may be a function for options that take a while to make (the production build's pages).
 */
export function withTestServer(
  env: Record<string, string> = {},
  options: ServerOptions | (() => Promise<ServerOptions>) = {},
): RunningTestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, typeof options === "function" ? await options() : options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("withTestServer: the server is used before its beforeAll ran");
      return server;
    },
  };
}

/**
 * The set-up most API test files need: withTestServer() with the administrator logged in once it
 * is up. Call it at the top of a test file (or of a describe block).
 */
export function withAdminServer(
  env: Record<string, string> = {},
  options: ServerOptions | (() => Promise<ServerOptions>) = {},
): AdminServer {
  const running = withTestServer(env, options);
  let session: Session | undefined;
  beforeAll(async () => {
    session = await loginAsAdmin(running.server);
  });
  const started = () => {
    if (!session) throw new Error("withAdminServer: the server is used before its beforeAll ran");
    return { server: running.server, session };
  };
  return {
    get server() {
      return started().server;
    },
    get token() {
      return started().session.token;
    },
    get session() {
      return started().session;
    },
    call: (method, pathname, body) => callJson(started().server, method, pathname, body, started().session.token),
  };
}
