import { errorMessage, type ErrorBody, type ErrorCode, type ValidationErrorBody } from "../common/error-codes.ts";

/*
 * The server build bundles its own copy of this module with the pages (decision 2), while the
 * services are made from the source copy: an error thrown by one copy must still be recognised by
 * `instanceof` in the other (a page action catching a captcha's 400). Each class answers `instanceof`
 * by a brand registered globally with Symbol.for, the same in every copy.
 */
const HTTP_ERROR = Symbol.for("utilaje.HttpError");
const VALIDATION_ERROR = Symbol.for("utilaje.ValidationError");

const branded = (value: unknown, brand: symbol): boolean => typeof value === "object" && value !== null && brand in value;

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503;

/** A failure with the status and catalogue code the client should see; the one error handler renders it. */
export class HttpError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, HTTP_ERROR);
  }
  readonly [HTTP_ERROR] = true;
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  constructor(status: ErrorStatus, code: ErrorCode) {
    super(code);
    this.status = status;
    this.code = code;
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: errorMessage(this.code) } };
  }
}

/** A 400 listing every invalid field, in the shape of DESIGN.md § API conventions. */
export class ValidationError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, VALIDATION_ERROR);
  }
  readonly [VALIDATION_ERROR] = true;
  readonly status = 400;
  readonly errors: ValidationErrorBody["errors"];
  constructor(errors: ValidationErrorBody["errors"]) {
    super("validation failed");
    this.errors = errors;
  }

  body(): ValidationErrorBody {
    return { errors: this.errors };
  }
}

export const notFound = (code: ErrorCode): HttpError => new HttpError(404, code);
