/**
 * A small HTTP client over node:http with keep-alive agents (one per instance): every answer is
 * read to the end and timed, and a failure says whether it happened on a reused keep-alive
 * connection before any answer arrived (`req.reusedSocket`), which is the one case a browser
 * silently sends again (the server may close an idle connection just as the request leaves).
 */
import http from 'node:http';

export interface Outcome {
  /** 0 when no answer arrived (see `error`). */
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** ECONNREFUSED, ECONNRESET, TIMEOUT, …; undefined when an answer arrived in full. */
  error?: string;
  /** The request went out on a kept-alive connection that had served an earlier request. */
  reused: boolean;
  /** Some of the answer (its status line at least) arrived before the failure. */
  partial: boolean;
  startedAt: number;
  endedAt: number;
  ms: number;
}

export interface RequestInput {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, answer included. */
  timeoutMs: number;
}

export function createAgent(): http.Agent {
  // Enough sockets for every simulated person at once; idle ones are kept shorter than the
  // server's keep-alive timeout (5 s), as browsers do.
  return new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 256, timeout: 60_000, scheduling: 'lifo' });
}

export function request(agent: http.Agent, baseUrl: string, input: RequestInput): Promise<Outcome> {
  const u = new URL(baseUrl);
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let partial = false;
    let status = 0;
    let headers: http.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const finish = (error?: string, reused = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const endedAt = performance.now();
      resolve({
        status: error ? (partial ? status : 0) : status,
        body: Buffer.concat(chunks).toString('utf8'),
        headers,
        error,
        reused,
        partial,
        startedAt,
        endedAt,
        ms: endedAt - startedAt,
      });
    };
    const req = http.request({
      agent,
      host: u.hostname,
      port: u.port,
      method: input.method,
      path: input.path,
      headers: { ...(input.body !== undefined ? { 'content-length': String(Buffer.byteLength(input.body)) } : {}), ...input.headers },
    });
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' }));
    }, input.timeoutMs);
    req.on('response', (res) => {
      partial = true;
      status = res.statusCode ?? 0;
      headers = res.headers;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish());
      res.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message, req.reusedSocket));
      res.on('aborted', () => finish('ABORTED', req.reusedSocket));
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message, req.reusedSocket));
    req.end(input.body);
  });
}

/** `{ error: { code, message } }`: the one error body of the API. */
export function errorCode(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed?.error?.code === 'string' && typeof parsed.error.message === 'string' ? parsed.error.code : null;
  } catch {
    return null;
  }
}
