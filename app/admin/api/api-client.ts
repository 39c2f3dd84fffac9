import { errorMessage, isErrorCode, type ErrorCode } from "../../../common/errors/error-codes.ts";
import { noteAdminRequest } from "../session/expiry-watch.ts";
import { currentPath, loginUrl } from "../session/login-url.ts";
import { clearSession, readSession } from "../session/token-store.ts";
import { CONNECTIVITY_ERROR, UNEXPECTED_ERROR } from "../ui/texts.ts";
import { toast } from "../ui/toasts.ts";
import { sendWithProgress } from "./upload-request.ts";

/**
 * The admin's one way to call the API (spec §3, §4, §8). It sends JSON, attaches the bearer token
 * (only while the browser is on an admin page, spec §6), and handles failures in one place:
 *  - no answer at all (status 0): the connectivity toast, then `ApiError` with status 0;
 *  - 401 on a call that needs the session: the session is cleared and `SessionEnded` is thrown,
 *    carrying the login URL that remembers the current page (`runAction` / `adminLoader` go there);
 *  - any other error: the Romanian message of its code in an error toast (unless `quiet`), then
 *    `ApiError` with the codes (and, for 400s, the field each code belongs to).
 */

export class ApiError extends Error {
  readonly status: number;
  readonly codes: ErrorCode[];
  /** Field path → code, from a 400's `errors` list. */
  readonly fields: Record<string, ErrorCode>;
  /** The reply's `error` object as sent, for the fields a code adds beside `code` and `message`. */
  readonly error: unknown;
  constructor(status: number, codes: ErrorCode[], fields: Record<string, ErrorCode> = {}, error?: unknown) {
    super(`API error ${status}${codes.length ? `: ${codes.join(", ")}` : ""}`);
    this.name = "ApiError";
    this.status = status;
    this.codes = codes;
    this.fields = fields;
    this.error = error;
  }
}

/** The session is over (401): the caller should go to `loginUrl`. */
export class SessionEnded extends Error {
  readonly loginUrl: string;
  constructor(url: string) {
    super("The admin session ended");
    this.name = "SessionEnded";
    this.loginUrl = url;
  }
}

export interface RequestOptions {
  /** JSON body. */
  body?: unknown;
  /** A call made without a session (login, password reset): a 401 is its own answer, not an ended session. */
  anonymous?: boolean;
  /** Do not toast the error: the caller shows it (for example next to a field). */
  quiet?: boolean;
  /** Codes the caller answers itself (a question to the user): not toasted; any other code is. */
  handled?: readonly ErrorCode[];
  signal?: AbortSignal;
  /**
   * The page the call is made for (a loader's request URL), for the remembered login URL; default:
   * the current page.
   */
  pageUrl?: URL;
}

/** Spec §4: admin requests are recognised by the current route having an admin segment. */
export function isAdminPage(pathname: string = window.location.pathname): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The codes of an error body (DESIGN.md § API conventions): a 400's `errors` list, or one `error`. */
function errorCodes(body: unknown): { codes: ErrorCode[]; fields: Record<string, ErrorCode> } {
  const fields: Record<string, ErrorCode> = {};
  const codes: ErrorCode[] = [];
  const { errors, error } = (body ?? {}) as { errors?: unknown; error?: { code?: unknown } };
  if (Array.isArray(errors)) {
    for (const item of errors as { msg?: unknown; path?: unknown }[]) {
      if (!isErrorCode(item?.msg)) continue;
      codes.push(item.msg);
      if (typeof item.path === "string" && !(item.path in fields)) fields[item.path] = item.msg;
    }
  } else if (isErrorCode(error?.code)) {
    codes.push(error.code);
  }
  return { codes, fields };
}

/** Any origin will do: it only resolves a path the way the browser will (`..`, backslashes). */
const RESOLVE_BASE = "http://api.invalid";

/**
 * Refuses a path that does not stay under `/api/` of this site once the browser resolves it
 * (another origin, `//host`, a page, `/api/../`): the bearer token goes only to the API.
 */
export function checkApiPath(path: string): void {
  const resolved = new URL(path, RESOLVE_BASE);
  if (!path.startsWith("/api/") || resolved.origin !== RESOLVE_BASE || !resolved.pathname.startsWith("/api/")) {
    throw new TypeError(`Not an API path: ${path}`);
  }
}

/** The bearer token, only while the browser is on an admin page (spec §6). */
function authorization(options: RequestOptions): Record<string, string> {
  const session = options.anonymous ? null : readSession();
  if (!session || !isAdminPage()) return {};
  noteAdminRequest(session.token);
  return { Authorization: `Bearer ${session.token}` };
}

function unreachable(): never {
  toast.error(CONNECTIVITY_ERROR);
  throw new ApiError(0, []);
}

/** What every failed call does: a 401 ends the session, any other error toasts its code. */
function fail(status: number, body: unknown, options: RequestOptions): never {
  const { codes, fields } = errorCodes(body);
  if (status === 401 && !options.anonymous) {
    clearSession();
    toast.warning(errorMessage("ERROR_UNAUTHORIZED"));
    throw new SessionEnded(loginUrl(currentPath(options.pageUrl ?? window.location)));
  }
  const handled = codes[0] !== undefined && options.handled?.includes(codes[0]) === true;
  if (!options.quiet && !handled) {
    if (codes[0]) toast.code(codes[0]);
    else toast.error(UNEXPECTED_ERROR);
  }
  throw new ApiError(status, codes, fields, ((body ?? {}) as { error?: unknown }).error);
}

/** Sends the call; resolves with a successful response, any failure is handled by `fail`. */
async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  checkApiPath(path);
  const headers: Record<string, string> = { Accept: accept, ...authorization(options) };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    unreachable();
  }
  if (response.ok) return response;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not our JSON (a proxy's error page): no code to show.
  }
  fail(response.status, body, options);
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const text = await (await send(method, path, options, "application/json")).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API sends (the CSV export): its bytes and the name its Content-Disposition gives, if any. */
export async function download(
  path: string,
  options: Omit<RequestOptions, "body"> = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send("GET", path, options, "*/*");
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  return { blob: await response.blob(), fileName };
}

type UploadOptions = Omit<RequestOptions, "body" | "signal">;

/** A write that reports its upload progress, which fetch() cannot: sent with XMLHttpRequest, its failures handled as request()'s. */
async function sendUpload<T>(
  method: "POST" | "PUT",
  path: string,
  body: { data: string | Blob; type: string },
  onProgress: (fraction: number) => void,
  options: UploadOptions,
): Promise<T> {
  checkApiPath(path);
  const reply = await sendWithProgress({
    method,
    url: path,
    body: body.data,
    contentType: body.type,
    headers: { Accept: "application/json", ...authorization(options) },
    onProgress,
  });
  if (reply.status === 0) unreachable();
  if (reply.status >= 200 && reply.status < 300) return reply.body as T;
  fail(reply.status, reply.body, options);
}

/** A large JSON write (a product's pictures, the banner's) with its upload progress. */
export function upload<T>(
  method: "POST" | "PUT",
  path: string,
  body: unknown,
  onProgress: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  return sendUpload<T>(method, path, { data: JSON.stringify(body), type: "application/json" }, onProgress, options);
}

/** A file sent as the request's body (a spreadsheet to import), its type given, with its upload progress. */
export function uploadFile<T>(
  path: string,
  file: Blob,
  type: string,
  onProgress: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  return sendUpload<T>("POST", path, { data: file, type }, onProgress, options);
}

/** The complete lines of a reply streamed as JSON lines (the import's commit): a line still arriving is left for later. */
function completeLines(text: string): unknown[] {
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);
}

/**
 * A file sent as uploadFile sends it, whose reply is the server's own progress as JSON lines
 * (`Accept: application/x-ndjson`): each line but the last is handed to `onLine` as it arrives; the
 * last is the result, or `{ status, error | errors }`, failed as request()'s failures are.
 */
export async function uploadFileWithLines<T>(
  path: string,
  file: Blob,
  type: string,
  onProgress: (fraction: number) => void,
  onLine: (line: unknown) => void,
  options: UploadOptions = {},
): Promise<T> {
  checkApiPath(path);
  let seen = 0;
  const reply = await sendWithProgress({
    method: "POST",
    url: path,
    body: file,
    contentType: type,
    headers: { Accept: "application/x-ndjson", ...authorization(options) },
    onProgress,
    onReplyText: (text) => {
      const lines = completeLines(text);
      for (const line of lines.slice(seen)) onLine(line);
      seen = lines.length;
    },
  });
  if (reply.status === 0) unreachable();
  if (reply.status < 200 || reply.status >= 300) fail(reply.status, reply.body, options);
  const last = completeLines(reply.text).at(-1);
  if (last && typeof last === "object" && "status" in last && typeof last.status === "number")
    fail(last.status, last, options);
  return last as T;
}

type Options = Omit<RequestOptions, "body">;

export const api = {
  get: <T>(path: string, options?: Options) => request<T>("GET", path, options),
  post: <T>(path: string, body: unknown, options?: Options) => request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: Options) => request<T>("PUT", path, { ...options, body }),
  delete: <T = void>(path: string, options?: Options) => request<T>("DELETE", path, options),
  upload,
  uploadFile,
  uploadFileWithLines,
  download,
};
