import pino, { type Logger } from 'pino';

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

export type { Logger };
