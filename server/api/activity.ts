import { z } from "zod";
import {
  ACTIVITY_MAX_OFFSET,
  ACTIVITY_PAGE_SIZE,
  activityFilterSchema,
  activityListQuerySchema,
  activityPageSchema,
} from "../../common/activity/activity-schemas.ts";
import { activityCsv, activityFileName, activityPage } from "../activity/activity-list.ts";
import { adminRoute, apiRouter, errorReplies, jsonReply } from "./route-factory.ts";
import { attachmentDisposition } from "../http/attachment.ts";
import { releasingMemoryWhenLarge } from "../http/after-answer.ts";

const activityPageReply = activityPageSchema.meta({ id: "ActivityLogPage" });

const badQuery =
  "INVALID_ACTIVITY_ACTION, INVALID_ACTIVITY_KIND, INVALID_ACTIVITY_USER (not a UUID), INVALID_ACTIVITY_DATE (not a YYYY-MM-DD day from 2000-01-01 to 2999-12-31), " +
  `INVALID_ACTIVITY_OFFSET (not a whole number up to ${ACTIVITY_MAX_OFFSET}), one \`errors\` entry per parameter.`;
const filterWords =
  "`action`, `kind` and `user` (an account's id) narrow to their entries; `from`/`to` to the days written (in Romania, both included).";

/** The activity log ('Jurnal', decision 073), mounted at /api/activity: admin only. */
export const activityRoutes = apiRouter()
  .openapi(
    adminRoute({
      method: "get",
      path: "/",
      operationId: "listActivity",
      right: "activity",
      tags: ["activity"],
      summary: "The activity log, newest first, one page",
      description: `${ACTIVITY_PAGE_SIZE} entries from \`offset\` (at most ${ACTIVITY_MAX_OFFSET}; narrow the filter to read older ones). ${filterWords} Each entry says whether its item still exists.`,
      request: { query: activityListQuerySchema },
      responses: {
        200: jsonReply("The page, whether older entries follow, and the accounts.", activityPageReply),
        ...errorReplies({ 400: badQuery }),
      },
    }),
    async (c) => c.json(await activityPage(c.var.services.db, c.req.valid("query")), 200),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/export",
      operationId: "exportActivity",
      right: "activity",
      tags: ["activity"],
      summary: "The matching entries of the activity log as a CSV file",
      description: `Every entry the list's filter matches (100 000 at most), newest first. ${filterWords} UTF-8 with a byte-order mark, comma separated, every field quoted; a field starting with = + - @ is prefixed with an apostrophe (formula injection).`,
      request: { query: activityFilterSchema },
      responses: {
        200: { description: "The CSV file, as an attachment.", content: { "text/csv": { schema: z.string() } } },
        ...errorReplies({ 400: badQuery }),
      },
    }),
    async (c) => {
      const { db, logger } = c.var.services;
      const csv = activityCsv(db, c.req.valid("query"), (error) =>
        logger.error({ err: error }, "the activity log's CSV failed mid-way"),
      );
      return c.body(releasingMemoryWhenLarge(c, csv), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": attachmentDisposition(activityFileName(new Date())),
      });
    },
  );
