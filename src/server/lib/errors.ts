/**
 * The one error type of the server. Every failure a client sees becomes
 * `{ "error": { "code", "message", "fields"? } }` with the matching HTTP status.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorFields = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: ErrorFields,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const badRequest = (message: string, fields?: ErrorFields) => new AppError(400, 'bad_request', message, fields);
export const validationFailed = (message: string, fields?: ErrorFields) =>
  new AppError(422, 'validation_failed', message, fields);
export const unauthorized = (message = 'You need to sign in first.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const unavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new AppError(503, 'unavailable', message);

/** Connection failures (server down or restarting) become 503, answered fast, not 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  const codes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003']);
  if (e?.code && codes.has(e.code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e?.message ?? ''))
    return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}
