import {
  errorMessage,
  type ErrorBody,
  type ErrorCode,
  type ValidationErrorBody,
} from "../../common/errors/error-codes.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/** A failure with the status and catalogue code the client should see; the one error handler renders it. */
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  /** A 429's or 503's wait, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: ErrorStatus, code: ErrorCode, options: { retryAfterSeconds?: number } = {}) {
    super(code);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: errorMessage(this.code) } };
  }
}

/** A 400 listing every invalid field, in the shape of DESIGN.md § API conventions. */
export class ValidationError extends Error {
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
