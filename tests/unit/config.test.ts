import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/core/config.ts";
import { prepareDataDir } from "../../server/core/data-dir.ts";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "utilaje-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      HOST: "0.0.0.0",
      PORT: 3000,
      SEED_DEMO: true,
      ADMIN_USERNAME: "admin",
      LOG_LEVEL: "info",
      PUBLIC_URL: "http://localhost:3000",
      ACCESS_TOKEN_TTL: 3600,
      SPEC_SHEET_TIME_LIMIT: 2,
      BACKUP_AT: 3 * 60 + 30,
      BACKUP_KEEP_DAILY: 7,
      BACKUP_KEEP_WEEKLY: 4,
      BACKUP_KEEP_MONTHLY: 6,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads the nightly backup's time of the day, or off", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_AT: "23:05" }).BACKUP_AT).toBe(23 * 60 + 5);
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_AT: "off" }).BACKUP_AT).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_AT: "24:00" })).toThrow(
      /BACKUP_AT: must be a time of the day \("03:30"\) or "off"/,
    );
  });

  it("names every bad variable and says what is wrong", () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: "seventy",
        DATABASE_URL: "mysql://x",
        SEED_DEMO: "maybe",
        JWT_SECRET: "short",
        SPEC_SHEET_TIME_LIMIT: "0",
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SPEC_SHEET_TIME_LIMIT: /);
    expect(attempt).toThrow(/PORT: .*number/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(attempt).toThrow(/SEED_DEMO: must be true or false/);
    expect(attempt).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it("refuses an ADMIN_PASSWORD from the common-password list, as every other password", () => {
    for (const password of ["password123", "Password123", "qwertyuiop"]) {
      const attempt = () => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: password });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/ADMIN_PASSWORD: is in the list of common passwords: choose another one/);
    }
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: "Excavator#Galben-2026" }).ADMIN_PASSWORD).toBe(
      "Excavator#Galben-2026",
    );
  });

  it("only reads: no directory or secret is created", () => {
    const dir = path.join(dataDir(), "not-yet");
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBeUndefined();
    expect(existsSync(dir)).toBe(false);
  });
});

describe("prepareDataDir", () => {
  it("creates the data directory (0700) and nothing in it: a generated secret lives in the database", () => {
    const dir = path.join(dataDir(), "data");
    prepareDataDir(loadConfig({ DATA_DIR: dir }));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("treats empty optional variables as unset and trims PUBLIC_URL's trailing slash", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "",
      SMTP_URL: " ",
      PUBLIC_URL: "https://utilaje.ro/",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("https://utilaje.ro");
  });

  it("defaults to the self-hosted ALTCHA captcha, and needs both keys of a third-party one", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      CAPTCHA_PROVIDER: "altcha",
      CONTACT_RATE_LIMIT: 10,
      CONTACT_NOSCRIPT_RATE_LIMIT: 3,
      CONTACT_NOSCRIPT_SITE_LIMIT: 30,
      RECAPTCHA_MIN_SCORE: 0.5,
    });
    const recaptcha = () =>
      loadConfig({ DATA_DIR: dataDir(), CAPTCHA_PROVIDER: "recaptcha", RECAPTCHA_SITE_KEY: "site" });
    expect(recaptcha).toThrow(/RECAPTCHA_SECRET_KEY: is required when CAPTCHA_PROVIDER=recaptcha/);
    const turnstile = () => loadConfig({ DATA_DIR: dataDir(), CAPTCHA_PROVIDER: "turnstile" });
    expect(turnstile).toThrow(/TURNSTILE_SITE_KEY: is required[\s\S]*TURNSTILE_SECRET_KEY: is required/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CAPTCHA_PROVIDER: "hcaptcha" })).toThrow(/CAPTCHA_PROVIDER/);
  });
});
