import type { DriftWarning, EndpointName } from '../../contract';
import type { ErrorDialect, ServiceFieldError } from './error-body';
import type { CallErrorKind } from '../../lib/log/request-log';

/**
 * Why a call failed. The UI switches on this, so every kind is a distinct thing a user can act on:
 * - http: the service answered with a non-2xx status
 * - network: nothing answered (wrong address, service down, proxy could not reach the target)
 * - cors: the host answered but the browser withheld the answer (no CORS headers for this origin)
 * - timeout: no complete answer within the time limit, or a stream that stalled (idleMs says its limit)
 * - aborted: the caller cancelled (navigation, a new search, a Stop button)
 * - invalid_json: a 2xx whose body is not JSON
 * - unusable: a 2xx JSON answer lacking what the console needs to show it, or an answer over a read cap (capBytes)
 * - invalid_request: the console refused to send a body that breaks the contract (nothing was sent)
 * - no_profile: there is no connection profile to send the call with
 */
export type ApiErrorKind = CallErrorKind;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  code?: number | string;
  serviceMessage?: string;
  fieldErrors?: ServiceFieldError[];
  dialect?: ErrorDialect;
  rawBody?: string;
  drift?: DriftWarning[];
  endpoint?: EndpointName;
  logId?: string;
  /** A stream that stalled (kind timeout): the idle limit it passed, no byte for this many ms. */
  idleMs?: number;
  /** An answer cut off at a read cap (kind unusable): the cap it passed, in bytes (READ_BOUNDS). */
  capBytes?: number;
  /** The answer's Retry-After header (a 429 or 503 may carry one), as sent. */
  retryAfter?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** The error code the body carried (ErrorResponse.code, or a code of another dialect). */
  readonly code?: number | string;
  /** The service's own message, read from whatever dialect the body spoke (see readErrorBody). */
  readonly serviceMessage?: string;
  /** The fields a validation error (422) named, with the service's message for each. */
  readonly fieldErrors: ServiceFieldError[];
  /** How the error body was written. */
  readonly dialect?: ErrorDialect;
  /** The answer's text, as received (an error body, or a 2xx that is not JSON or not usable). */
  readonly rawBody?: string;
  readonly drift: DriftWarning[];
  readonly endpoint?: EndpointName;
  /** The request-log entry of the call, for a "show in Activity" link. */
  readonly logId?: string;
  /** A stream that stalled (kind timeout): the idle limit it passed, no byte for this many ms. */
  readonly idleMs?: number;
  /** An answer cut off at a read cap (kind unusable): the cap it passed, in bytes (READ_BOUNDS). */
  readonly capBytes?: number;
  /** The answer's Retry-After header, as sent. */
  readonly retryAfter?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.fieldErrors = init.fieldErrors ?? [];
    this.dialect = init.dialect;
    this.rawBody = init.rawBody;
    this.drift = init.drift ?? [];
    this.endpoint = init.endpoint;
    this.logId = init.logId;
    this.idleMs = init.idleMs;
    this.capBytes = init.capBytes;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
