import { afterAll, beforeAll, expect, it } from "vitest";
import { claimDueMail, enqueueMail, releaseMail } from "../../server/db/repositories/mail-outbox.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The server's own sender must not take the messages this test claims: its next poll is 10 s away.
  await server.services.db.deleteFrom("mail_outbox").execute();
});
afterAll(() => server.close());

const MINUTE = 60_000;

it("senders claiming at the same moment take disjoint batches that together hold every due message", async () => {
  const { db, dialect } = server.services;
  const now = new Date();
  const ids = new Set<string>();
  for (let index = 0; index < 30; index++)
    ids.add(await enqueueMail(db, { to: "office@example.ro", subject: `s${index}`, text: "t" }, now));
  const lease = new Date(now.getTime() + 5 * MINUTE);
  const batches = await Promise.all([0, 1, 2].map(() => claimDueMail(db, dialect, now, lease, 12)));
  const claimed = batches.flat().map((message) => message.id);
  expect(new Set(claimed).size).toBe(claimed.length);
  expect(new Set(claimed)).toEqual(ids);
  // Leased: nothing is due any more until the lease ends.
  expect(await claimDueMail(db, dialect, now, lease, 12)).toEqual([]);

  // Given back (a sender stopping): due again at once, for whoever asks next.
  await releaseMail(
    db,
    batches[0].map((message) => message.id),
    now,
  );
  expect((await claimDueMail(db, dialect, now, lease, 30)).map((message) => message.id).sort()).toEqual(
    batches[0].map((message) => message.id).sort(),
  );
});
