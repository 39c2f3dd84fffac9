import { errorMessage, type ErrorBody, type ErrorCode } from "../../common/errors/error-codes.ts";

/** The exact body the server sends for a catalogue error code (DESIGN.md § API conventions). */
export function errorBody(code: ErrorCode): ErrorBody {
  return { error: { code, message: errorMessage(code) } };
}
