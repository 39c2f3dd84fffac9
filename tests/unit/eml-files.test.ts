import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { outboxDirectory, removeEmlFiles } from "../../server/mail/delivery.ts";

/*
 * Erasing a contact request removes its message's copies from DATA_DIR/outbox (server/mail/delivery.ts):
 * the written .eml and the half-written one a crash between writing and renaming leaves behind, and
 * nothing else, whatever names share the id.
 */

let dataDir: string;
let directory: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-eml-"));
  directory = outboxDirectory(dataDir);
  mkdirSync(directory);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const TIME = "2026-11-23T17-00-00-000Z";
const files = () => readdirSync(directory).sort();

it("removes a message's .eml and its half-written .partial twin, and leaves every other message's", async () => {
  const erased = randomUUID();
  const kept = randomUUID();
  const names = [
    `${TIME}-${erased}.eml`,
    `.${TIME}-${erased}.eml.partial`,
    `${TIME}-${kept}.eml`,
    `.${TIME}-${kept}.eml.partial`,
  ];
  for (const name of names) writeFileSync(path.join(directory, name), "message");
  await removeEmlFiles(dataDir, [erased]);
  expect(files()).toEqual([`.${TIME}-${kept}.eml.partial`, `${TIME}-${kept}.eml`].sort());
});

it("removes only names that end in exactly -<id>.eml (or are their .partial twin)", async () => {
  const id = randomUUID();
  const others = [
    `${id}.eml`,
    `${TIME}-${id}.eml.bak`,
    `${TIME}-${id}.txt`,
    `.${TIME}-${id}.eml`,
    `${TIME}-x${id}.eml`,
    `${TIME}-${id}.eml.partial`,
    `.${TIME}-${id}.partial`,
  ];
  for (const name of others) writeFileSync(path.join(directory, name), "not a message of the outbox");
  await removeEmlFiles(dataDir, [id]);
  expect(files()).toEqual([...others].sort());
});

it("does nothing when no message was ever written as a file", async () => {
  rmSync(directory, { recursive: true });
  await expect(removeEmlFiles(dataDir, [randomUUID()])).resolves.toBeUndefined();
});
