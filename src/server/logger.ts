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

export type { Logger };
