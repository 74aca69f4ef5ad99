/** One item of FastAPI's validation answer (Pydantic 2): where, what and why. */
export interface ValidationIssue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export interface FastApiForm {
  /** The FastAPI status when it differs (a malformed JSON body is a 422 there, not a 400). */
  status?: number;
  /** FastAPI's own words where its default answers this (routing, auth), instead of the sandbox's message. */
  detail?: string;
  /** A validation error: answered as `{"detail": [issues]}` in the FastAPI style. */
  issues?: ValidationIssue[];
}

/**
 * An answer other than 200, carried up to the top of the request handler and sent as an ErrorResponse
 * (or, with `--error-style fastapi`, the way FastAPI answers it by default: see respond.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly fastapi: FastApiForm = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);

/** A 422; `issue` says which field it is about, for the FastAPI style's `detail` list. */
export const unprocessable = (message: string, issue?: Omit<ValidationIssue, 'msg'> & { msg?: string }) =>
  new HttpError(422, message, {}, issue ? { issues: [{ ...issue, msg: issue.msg ?? message }] } : {});
