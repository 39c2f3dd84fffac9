/**
 * A request that got no reply at all (spec §8 "status 0": the server is down or the connection
 * dropped): the browser's fetch rejects with a TypeError ("Failed to fetch" in Chromium,
 * "NetworkError when attempting to fetch resource." in Firefox, "Load failed" in Safari), which
 * React Router hands on as the loader's error. A TypeError of our own code says something else.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}
