import { afterAll, beforeAll } from "vitest";
import type { StartOptions } from "../../server/start-server.ts";
import { callJson, loginAsAdmin, type Session } from "./auth.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

export interface AdminServer {
  /** The running server; read it inside tests and hooks (it starts in this file's first beforeAll). */
  readonly server: TestServer;
  /** The access token of the administrator's session, logged in once the server is up. */
  readonly token: string;
  readonly session: Session;
  /** A JSON call with the administrator's bearer token (a string body is sent as it is). */
  call(method: string, pathname: string, body?: unknown): Promise<Response>;
}

/**
 * The set-up most API test files need: a server of their own (startTestServer: an ephemeral port, a
 * temporary data directory and database) with the administrator logged in, started before the
 * file's tests and stopped after them. Call it at the top of a test file (or of a describe block).
 */
export function withAdminServer(env: Record<string, string> = {}, options: Omit<StartOptions, "logger"> = {}): AdminServer {
  let server: TestServer | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, options);
    session = await loginAsAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = () => {
    if (!server || !session) throw new Error("withAdminServer: the server is used before its beforeAll ran");
    return { server, session };
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
