import { TEST_ADMIN } from "./test-admin.ts";
import type { Site } from "./test-server.ts";

export interface Session {
  token: string;
  refreshToken: string;
}

/** Logs in as the test administrator over HTTP, as the admin screens do; fails the test if refused. */
export async function loginAsAdmin(server: Site): Promise<Session> {
  const response = await server.fetch("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

/** The headers of an authenticated JSON call. */
export function authHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

/** A JSON call (the body is sent as given when it is a string), with the bearer token when given. */
export function callJson(
  server: Site,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<Response> {
  const headers: Record<string, string> = token ? authHeaders(token) : { "Content-Type": "application/json" };
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return server.fetch(pathname, { method, headers, body: payload });
}
