import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The 49 000 most common passwords of leaked lists (zxcvbn-ts' common dictionary, its plain JSON
 * source), compared without case: "Password1" is as guessable as "password1". Read from the disk
 * for each check and not kept: a password is checked at start (ADMIN_PASSWORD) and when one is set,
 * and the list with its lookup table took about 4 MB of a server's heap for its whole life
 * (decision 50); a check takes a few milliseconds. On the server only, so the list never reaches a
 * browser bundle.
 */
const LIST = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@zxcvbn-ts/language-common/package.json")),
  "src",
  "passwords.json",
);

export function isCommonPassword(password: string): boolean {
  const candidate = password.toLowerCase();
  const list = JSON.parse(readFileSync(LIST, "utf8")) as string[];
  return list.some((entry) => entry.toLowerCase() === candidate);
}
