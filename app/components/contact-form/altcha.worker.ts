import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";

/**
 * Solves one ALTCHA challenge off the main thread (the page stays responsive while it counts) with
 * the browser's own SHA-256; answers the solution, or null when it could not be found in time.
 */
const scope = self as unknown as { onmessage: ((event: MessageEvent<Challenge>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (event) => {
  solveChallenge({ challenge: event.data, deriveKey, timeout: 60_000 }).then(
    (solution) => scope.postMessage(solution),
    () => scope.postMessage(null),
  );
};
