import common from "@zxcvbn-ts/language-common";

/**
 * The 49 000 most common passwords of leaked lists (zxcvbn-ts' common dictionary), compared without
 * case: "Password1" is as guessable as "password1". Loaded on first use, on the server only, so the
 * list never reaches a browser bundle.
 */
let list: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(common.dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return list.has(password.toLowerCase());
}
