import { sha256 } from "@noble/hashes/sha2.js";
import { solveChallenge, type Challenge, type ChallengeParameters } from "altcha-lib";

/**
 * Solves one ALTCHA challenge off the main thread (the page stays responsive while it counts);
 * answers the solution, or null when it could not be found in time.
 *
 * The key is derived as altcha-lib's SHA algorithms derive it (the server's, `algorithms/sha`): the
 * salt and the attempt's password hashed `cost` times, each round over the whole previous digest, cut
 * to `keyLength` at the end. The hash is @noble/hashes' synchronous SHA-256 rather than the browser's
 * `crypto.subtle.digest`: each of those is a promise that crosses threads, and at 20 rounds an attempt
 * that overhead made a browser about three times slower than this for the same count (bench/captcha-solve.ts).
 * A robot hashes natively either way, so only people gain.
 */
async function deriveKey(parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array) {
  if (parameters.algorithm !== "SHA-256") throw new Error(`unsupported captcha algorithm ${parameters.algorithm}`);
  let key = new Uint8Array(salt.length + password.length);
  key.set(salt);
  key.set(password, salt.length);
  for (let round = Math.max(1, parameters.cost); round > 0; round--) key = sha256(key);
  return { parameters: {}, derivedKey: key.subarray(0, parameters.keyLength ?? 32) };
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Challenge>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  solveChallenge({ challenge: event.data, deriveKey, timeout: 60_000 }).then(
    (solution) => scope.postMessage(solution),
    () => scope.postMessage(null),
  );
};
