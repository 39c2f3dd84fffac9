import type { Locale } from "../language/language.ts";
import { activityMessages } from "./activity-error-codes.ts";
import { authMessages } from "./auth-error-codes.ts";
import { bookingMessages } from "./booking-error-codes.ts";
import { catalogueMessages } from "./catalogue-error-codes.ts";
import { leadMessages } from "./lead-error-codes.ts";
import { isCodeOf, messageOf, type MessageTable } from "./message-table.ts";
import { offerMessages } from "./offer-error-codes.ts";
import { offerLinkMessages } from "./offer-link-error-codes.ts";
import { offerSendingMessages } from "./offer-sending-error-codes.ts";
import { priceMessages } from "./price-error-codes.ts";
import { revisionMessages } from "./revision-error-codes.ts";
import { secondFactorMessages } from "./second-factor-error-codes.ts";
import { specificationMessages } from "./specification-error-codes.ts";
import { spreadsheetMessages } from "./spreadsheet-error-codes.ts";
import { teamMessages } from "./team-error-codes.ts";
import { trashMessages } from "./trash-error-codes.ts";
import { visitorMessages } from "./visitor-error-codes.ts";

/**
 * The error catalogue: spec §8's codes, and ours for the cases it lacks, each with its message in both
 * languages. One table per section of the product, beside this file (`<section>-error-codes.ts`), and
 * assembled here and nowhere else (docs/decisions/README.md § Error codes). The API sends codes; the
 * client shows these messages.
 */
export const ERROR_TABLES = [
  catalogueMessages,
  specificationMessages,
  authMessages,
  secondFactorMessages,
  leadMessages,
  bookingMessages,
  priceMessages,
  offerMessages,
  offerLinkMessages,
  offerSendingMessages,
  activityMessages,
  trashMessages,
  revisionMessages,
  spreadsheetMessages,
  teamMessages,
  visitorMessages,
] as const;

/** Each table's codes, every table's together. */
type CodesOf<Table> = Table extends unknown ? keyof Table & string : never;
export type ErrorCode = CodesOf<(typeof ERROR_TABLES)[number]>;

/** No code is in two tables (a unit test holds it), so none hides another's message. */
const messages: MessageTable = Object.assign({}, ...ERROR_TABLES);

export const isErrorCode = (value: unknown): value is ErrorCode => isCodeOf(messages, value);

export const errorMessage = (code: ErrorCode, locale: Locale = "ro"): string => messageOf(messages, code, locale);

/** The error bodies of DESIGN.md § API conventions. */
export interface ValidationErrorBody {
  errors: { msg: ErrorCode; path: string }[];
}
export interface ErrorBody {
  error: { code: ErrorCode; message: string; id?: string };
}
