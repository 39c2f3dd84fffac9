import { describe, expect, it } from "vitest";
import { browserName } from "../../common/schemas/sessions.ts";
import { loginCodeSchema, normalRecoveryCode, RECOVERY_CODE_PATTERN } from "../../common/schemas/second-factor.ts";
import { newRecoveryCode } from "../../server/auth/second-factor-enrolment.ts";
import { openSecret, recoveryCodeHash, sealSecret } from "../../server/auth/second-factor-keys.ts";
import { secondFactorRequired } from "../../server/auth/second-factor-rule.ts";
import { checkTotp, newTotpSecret } from "../../server/auth/totp.ts";
import { totpCode } from "../helpers/totp-codes.ts";

const SERVER_SECRET = "a-server-secret-of-at-least-32-characters";
/** A fixed instant in the middle of a 30-second step. */
const NOW = Date.UTC(2026, 10, 29, 6, 0, 15);
const STEP = Math.floor(NOW / 30_000);

describe("TOTP", () => {
  const secret = newTotpSecret();

  it("accepts the current code and one step off either way, with the step it matched", async () => {
    for (const steps of [-1, 0, 1]) {
      expect(await checkTotp(secret, await totpCode(secret, steps, NOW), null, NOW)).toEqual({
        kind: "valid",
        step: STEP + steps,
      });
    }
  });

  it("refuses two steps off and a code for another secret", async () => {
    for (const steps of [-2, 2]) {
      expect(await checkTotp(secret, await totpCode(secret, steps, NOW), null, NOW)).toEqual({ kind: "invalid" });
    }
    expect(await checkTotp(newTotpSecret(), await totpCode(secret, 0, NOW), null, NOW)).toEqual({ kind: "invalid" });
  });

  it("answers a code of a step at or before the last accepted one as reused", async () => {
    const code = await totpCode(secret, 0, NOW);
    expect(await checkTotp(secret, code, STEP, NOW)).toEqual({ kind: "reused" });
    expect(await checkTotp(secret, code, STEP + 1, NOW)).toEqual({ kind: "reused" });
    expect(await checkTotp(secret, code, STEP - 1, NOW)).toEqual({ kind: "valid", step: STEP });
  });
});

describe("the secret's storage", () => {
  it("seals a secret that opens with the same server secret only", () => {
    const sealed = sealSecret(SERVER_SECRET, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DP");
    expect(sealed).not.toBe(sealSecret(SERVER_SECRET, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"));
    expect(openSecret(SERVER_SECRET, sealed)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(openSecret(`${SERVER_SECRET}-rotated`, sealed)).toBeUndefined();
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = `${body.slice(0, -2)}${body.at(-2) === "A" ? "B" : "A"}${body.at(-1)}`;
    expect(openSecret(SERVER_SECRET, [version, iv, tag, flipped].join("."))).toBeUndefined();
    expect(openSecret(SERVER_SECRET, "not sealed")).toBeUndefined();
  });

  it("hashes recovery codes with a key of the server", () => {
    const hash = recoveryCodeHash(SERVER_SECRET, "ABCDE12345");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(SERVER_SECRET, "ABCDE12345")).toBe(hash);
    expect(recoveryCodeHash(`${SERVER_SECRET}-other`, "ABCDE12345")).not.toBe(hash);
  });
});

describe("recovery codes", () => {
  it("are ten characters of Crockford's base 32, different each time", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(codes).size).toBe(200);
  });

  it("are read in any case, with or without the dash and spaces", () => {
    expect(normalRecoveryCode(" abcde-fghjk ")).toBe("ABCDEFGHJK");
    const parsed = loginCodeSchema.safeParse({ challenge: "c", recoveryCode: "abcde fghjk" });
    expect(parsed.success && parsed.data.recoveryCode).toBe("ABCDEFGHJK");
    expect(loginCodeSchema.safeParse({ challenge: "c", recoveryCode: "ABCDE-FGHJI" }).success).toBe(false);
  });
});

describe("who must have a second factor", () => {
  it("an administrator while Configurare requires it; nobody otherwise", () => {
    expect(secondFactorRequired(true, "administrator")).toBe(true);
    expect(secondFactorRequired(true, "vanzari")).toBe(false);
    expect(secondFactorRequired(true, "catalog")).toBe(false);
    expect(secondFactorRequired(false, "administrator")).toBe(false);
  });
});

describe("a session's browser", () => {
  it("names the browser and the system from the User-Agent", () => {
    const cases: [string | null, string][] = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
        "Edge pe Windows",
      ],
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        "Chrome pe Linux",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari pe iOS",
      ],
      ["Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "Firefox pe Android"],
      ["curl/8.11.0", "curl"],
      [null, "Necunoscut"],
      ["", "Necunoscut"],
    ];
    for (const [userAgent, name] of cases) expect(browserName(userAgent)).toBe(name);
  });
});
