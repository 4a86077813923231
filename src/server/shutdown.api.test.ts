/**
 * Shutting down (SIGTERM calls close()) without cutting a request: /readyz turns 'stopping', every
 * answer closes its connection, connections already made (even those whose request has not been
 * sent or read yet) are still answered, then new connections are refused. npm run test:load does
 * the same under load on a real process.
 */
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../tests/support/test-server.ts';

function get(port: number, path: string, agent: http.Agent | false): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request written by hand on an open socket; resolves with the raw answer once the server closes it. */
function rawRequest(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

describe('shutting down', () => {
  it('answers what is already on its way, says stopping, then refuses new connections', async () => {
    const t = await startTestServer('pglite');
    const port = t.server.port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A kept-alive connection that has had an answer, and one made but not used yet.
      expect((await get(port, '/api/ideas', agent)).connection).toBe('keep-alive');
      const fresh = net.connect(port, '127.0.0.1');
      await new Promise((r) => fresh.once('connect', r));

      const started = Date.now();
      const closing = t.server.close(5000);
      const ready = await get(port, '/readyz', false);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ status: 'stopping' });
      // Both connections are still answered, and told to close.
      const again = await get(port, '/api/ideas', agent);
      expect(again).toMatchObject({ status: 200, connection: 'close' });
      const raw = await rawRequest(fresh, '/api/ideas');
      expect(raw).toMatch(/^HTTP\/1\.1 200 /);
      expect(raw).toMatch(/\r\nconnection: close\r\n/i);

      await closing;
      expect(Date.now() - started).toBeLessThan(3000);
      await expect(get(port, '/healthz', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
      await t.stop();
    }
  });
});
