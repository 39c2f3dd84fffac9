import { hash, verify } from "@node-rs/argon2";

/** Algorithm.Argon2id: the package declares it as a const enum, which type stripping cannot read. */
const ARGON2ID = 2;

/** argon2id with the OWASP Password Storage cheat sheet's first setting: 19 MiB, 2 passes, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Made once when the server loads, with the same parameters as real hashes, so it costs as much to check. */
const dummyHash = hashPassword("utilaje-dummy-password");

/**
 * Checks a password against the user's hash, or, when there is no user to check, against the dummy
 * hash: an unknown name then costs the same time as a wrong password, and the reply's timing does not
 * tell which names exist.
 */
export async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(passwordHash ?? (await dummyHash), password);
  return passwordHash !== undefined && matches;
}
