import { z } from 'zod';

/** Every error code the API answers with, and its HTTP status (DESIGN.md §5). */
export const errorStatus = {
  invalid_input: 400,
  unauthenticated: 401,
  plan_inactive: 402,
  insufficient_scope: 403,
  forbidden_host: 403,
  forbidden_origin: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_mismatch: 422,
  unprocessable: 422,
  payment_processor_not_configured: 422,
  mail_not_configured: 422,
  budget_exceeded: 422,
  usage_limit_exceeded: 429,
  rate_limited: 429,
  internal: 500,
  upstream_error: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** The envelope as a schema, for OpenAPI and tests. */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
      message: z.string().describe('What was wrong and how to fix it.'),
      details: z.unknown().optional(),
      hint: z.string().optional(),
    }),
  })
  .catchall(z.unknown());

/** The one error envelope: `{ error: {code, message, details?, hint?}, ...extra }`. */
export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;
export type ErrorBody = ErrorEnvelope['error'];

export interface OutcomeErrorOptions {
  details?: unknown;
  hint?: string;
  /** Top-level fields beside `error` (e.g. `overage_policy`). */
  extra?: Record<string, unknown>;
  /** HTTP headers the REST adapter sets (e.g. `Retry-After`, `Allow`). */
  headers?: Record<string, string>;
}

/** An expected failure: adapters map `code` to an HTTP status or an MCP `isError` result. */
export class OutcomeError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly hint: string | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: OutcomeErrorOptions = {}) {
    super(message);
    this.name = 'OutcomeError';
    this.code = code;
    this.details = options.details;
    this.hint = options.hint;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toEnvelope(): ErrorEnvelope {
    const error: ErrorBody = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    if (this.hint !== undefined) error.hint = this.hint;
    return { error, ...this.extra };
  }

  /** Rebuilds an error from a stored envelope (e.g. a failed job's). */
  static fromEnvelope(envelope: ErrorEnvelope): OutcomeError {
    const { error, ...extra } = envelope;
    return new OutcomeError(error.code, error.message, {
      details: error.details,
      hint: error.hint,
      extra: Object.keys(extra).length ? extra : undefined,
    });
  }
}

/** Anything thrown, as an OutcomeError; unexpected errors become `internal` with no internals leaked. */
export function asOutcomeError(thrown: unknown, requestId?: string): OutcomeError {
  if (thrown instanceof OutcomeError) return thrown;
  const ref = requestId ? ` Quote request id ${requestId} when reporting it.` : '';
  return new OutcomeError('internal', `Something went wrong on our side; nothing was charged.${ref}`, {
    details: requestId ? { request_id: requestId } : undefined,
  });
}

function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');
}

/** A validation failure with every field path and what to send instead. */
export function invalidInput(error: z.ZodError, subject = 'input', unknownFields: ReadonlyArray<{ path: string; code: string; message: string }> = []): OutcomeError {
  const issues = [
    ...error.issues.map((issue) => ({
      path: describePath(issue.path),
      code: issue.code,
      message: issue.message,
      ...('values' in issue ? { allowed: issue.values } : {}),
      ...('expected' in issue ? { expected: issue.expected } : {}),
    })),
    // Beside a missing field, an unknown one is most often that field misnamed: both are named.
    ...unknownFields,
  ];
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new OutcomeError('invalid_input', `Invalid ${subject}. ${summary}.`, {
    details: { issues },
    hint: 'Fix the fields named above and send the request again; the JSON Schema is in GET /api/agents/mcp.',
  });
}
