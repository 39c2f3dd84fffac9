import { hash, verify } from "@node-rs/argon2";

/** Algorithm.Argon2id: the package declares it as a const enum, which type stripping cannot read. */
const ARGON2ID = 2;

/** argon2id with the OWASP Password Storage cheat sheet's first setting: 19 MiB, 2 passes, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

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
