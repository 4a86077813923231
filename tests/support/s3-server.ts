/**
 * A real S3-compatible server for tests (s3rver: the S3 REST API over files in a temporary
 * folder) on 127.0.0.1, with one bucket, and the S3_* environment that points IdeaHub at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

export interface S3TestServer {
  readonly endpoint: string;
  readonly bucket: string;
  /** S3_* for IdeaHub: path-style addresses, s3rver's fixed credentials; `publicUrl` adds S3_PUBLIC_URL. */
  env(opts?: { publicUrl?: boolean }): Record<string, string>;
  /** An object's bytes read anonymously from the bucket's own address (null when it is not there). */
  objectBytes(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

export const S3_TEST_BUCKET = 'ideahub-test';

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ideahub-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: S3_TEST_BUCKET,
    env: (opts = {}) => ({
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...(opts.publicUrl ? { S3_PUBLIC_URL: `${endpoint}/${S3_TEST_BUCKET}` } : {}),
    }),
    async objectBytes(key) {
      const res = await fetch(`${endpoint}/${S3_TEST_BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`s3rver answered ${res.status} for ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Starts one S3 server for the enclosing describe block (before its test server) and stops it afterwards. */
export function useS3Server(): { readonly current: S3TestServer } {
  let running: S3TestServer | undefined;
  beforeAll(async () => {
    running = await startS3Server();
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    get current() {
      if (!running) throw new Error('S3 server not started');
      return running;
    },
  };
}
