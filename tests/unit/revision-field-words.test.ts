import { describe, expect, it } from "vitest";
import { CONFIGURATION_KEYS } from "../../common/schemas/configuration-keys.ts";
import { revisionFieldWords } from "../../common/revisions/revision-schemas.ts";

describe("the words of a revision's fields", () => {
  it("name every configuration key in the admin's words, never by its key", () => {
    for (const key of CONFIGURATION_KEYS) expect(revisionFieldWords(key), key).not.toBe(key);
  });
});
