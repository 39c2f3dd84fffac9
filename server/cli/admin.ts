import "dotenv/config";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../common/schemas/auth.ts";
import { isCommonPassword } from "../core/password-policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import { ConfigError, loadConfig } from "../core/config.ts";
import { prepareDataDir } from "../core/data-dir.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { findUserByUsername, insertUser, setPassword } from "../db/repositories/users.ts";

const USAGE = `Usage:
  npm run admin -- create [--username NAME] [--email ADDRESS] [--password PASSWORD]
  npm run admin -- set-password [--username NAME] [--password PASSWORD]

The user name and e-mail default to ADMIN_USERNAME and ADMIN_EMAIL; the password to --password, then
ADMIN_PASSWORD, else it is asked for on the terminal (or read from the first line of standard input).
Setting a password ends every session of that user.`;

class UsageError extends Error {}

/** `npm run admin`: creates an administrator or sets one's password, on the configured database. */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean" },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== "create" && command !== "set-password") || positionals.length !== 1)
    throw new UsageError(USAGE);

  const config = prepareDataDir(loadConfig());
  const username = (values.username ?? config.ADMIN_USERNAME).trim().toLowerCase();
  const password = values.password ?? config.ADMIN_PASSWORD ?? (await askPassword());
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(`The password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (isCommonPassword(password))
    throw new UsageError("This password is in the list of common passwords: choose another one.");

  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    const existing = await findUserByUsername(database.db, username);
    const passwordHash = await hashPassword(password);
    const now = new Date();
    if (command === "create") {
      if (existing) throw new UsageError(`The user '${username}' exists already: use set-password.`);
      const email = (values.email ?? config.ADMIN_EMAIL).trim().toLowerCase();
      if (!z.email().safeParse(email).success) throw new UsageError(`'${email}' is not an e-mail address.`);
      await insertUser(database.db, {
        id: randomUUID(),
        username,
        email,
        password_hash: passwordHash,
        tokens_valid_after: now.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      console.log(`Created the administrator '${username}'.`);
    } else {
      if (!existing) throw new UsageError(`There is no user '${username}': use create.`);
      await database.db.transaction().execute((trx) => setPassword(trx, existing.id, passwordHash, now));
      console.log(`Set the password of '${username}'; every session of that user has ended.`);
    }
  } finally {
    await database.close();
  }
}

/** On a terminal the password is typed twice without echo; from a pipe, the first line is the password. */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    throw new UsageError("No password: pass --password, set ADMIN_PASSWORD or write it on standard input.");
  }
  const first = await readHidden("Password: ");
  const second = await readHidden("Repeat the password: ");
  if (first !== second) throw new UsageError("The two passwords differ.");
  return first;
}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    let value = "";
    process.stdout.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    function finish() {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write("\n");
    }
    function onData(chunk: string) {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          finish();
          reject(new UsageError("Cancelled."));
          return;
        }
        value = char === "\u007f" || char === "\b" ? value.slice(0, -1) : value + char;
      }
    }
    input.on("data", onData);
  });
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
