import pino, { type Logger } from 'pino';

/** What one log line carries that a readable line needs (pino-pretty's messageFormat input). */
type LogLine = Record<string, unknown>;

/**
 * A request line as a person reads it: 'GET /api/ideas 200 12 ms'; any other line, its message.
 * (Readable logs outside production: createProcessLogger.)
 */
export function readableLine(log: LogLine, messageKey = 'msg'): string {
  const { method, path, status, ms } = log;
  if (typeof method === 'string' && typeof path === 'string' && typeof status === 'number') {
    return `${method} ${path} ${status}${typeof ms === 'number' ? ` ${ms} ms` : ''}`;
  }
  return typeof log[messageKey] === 'string' ? (log[messageKey] as string) : '';
}

/** The fields a request line shows in its text, left out of the object printed after it. */
const REQUEST_FIELDS = 'requestId,method,path,status,ms';

/**
 * The process's logger: JSON lines in production (NODE_ENV=production: for log collectors);
 * elsewhere readable lines (pino-pretty: time, level, 'GET /api/ideas 200 12 ms'), or JSON when
 * pino-pretty is not installed (npm ci --omit=dev).
 */
export async function createProcessLogger(level: string, nodeEnv: string): Promise<Logger> {
  if (nodeEnv === 'production' || level === 'silent') return createLogger(level);
  try {
    const { default: pretty } = await import('pino-pretty');
    return createLogger(
      level,
      pretty({
        translateTime: 'SYS:HH:MM:ss',
        ignore: REQUEST_FIELDS,
        messageFormat: (log, messageKey) => readableLine(log, messageKey),
        singleLine: true,
        sync: true,
      }),
    );
  } catch {
    return createLogger(level);
  }
}

/**
 * Structured JSON logs. Personal data never goes in: request logs carry method, path,
 * status, duration and a request id only; redaction is a second line of defence.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'email',
          '*.email',
          'authorization',
          '*.authorization',
          'cookie',
          '*.cookie',
          'headers',
          '*.headers',
          '*.bankAccountNumber',
          '*.bank_account_number',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * Paths whose last segment is a secret: better-auth's password-reset link carries its one-time
 * token in the path (/api/auth/reset-password/{token}), and a request log of that path would
 * hand the token (and so the account) to anyone who reads the logs within the hour.
 */
const SECRET_PATH_SEGMENTS = [/^(\/api\/auth\/reset-password\/)[^/]+/i];

/** The request path as it may be logged: secret segments replaced by '[redacted]'. */
export function loggablePath(path: string): string {
  for (const pattern of SECRET_PATH_SEGMENTS) {
    if (pattern.test(path)) return path.replace(pattern, '$1[redacted]');
  }
  return path;
}

export interface LoggableError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggableError;
}

/**
 * What of an error may go into a log: its name, message, code and stack, without the values a
 * failed query carried. drizzle's DrizzleQueryError puts every parameter of the statement in its
 * message (and so in its stack): email addresses, bank details, message texts, session tokens and
 * password hashes. Here the message keeps the SQL (placeholders only) and drops the parameters;
 * the database's own error comes along as `cause` (its message, never its `detail`, which can
 * quote the failing row).
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { name: 'NonError', message: typeof error === 'string' ? error : 'a non-Error value was thrown' };
  const e = error as Error & { query?: unknown; params?: unknown; code?: unknown; cause?: unknown };
  // drizzle's wrapper (the database's own error, its cause, also carries query and params, but
  // its message is the database's reason and no parameter).
  const failedQuery = typeof e.query === 'string' && 'params' in e && e.message.startsWith('Failed query:');
  const message = failedQuery ? `Failed query: ${e.query as string}` : e.message;
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggableError = { name: e.name, message };
  if (typeof e.code === 'string') out.code = e.code;
  if (frames.length > 0) out.stack = [`${e.name}: ${message}`, ...frames].join('\n');
  if (e.cause !== undefined && e.cause !== error && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

export type { Logger };
