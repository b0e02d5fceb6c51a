import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStudio, type Studio, type StudioOptions } from '../studio';

export const TEST_EMAIL = 'dev@example.com';
export const TEST_TOKEN = 'test-token-123';
export const TEST_WRITE_KEY = 'test-write-key';

export interface TestStudio {
  studio: Studio;
  url: string;
  dataDir: string;
  /** Authorization header value for the management and studio APIs. */
  auth: string;
  writeKeyAuth: string;
  /** fetch against the server with management auth and JSON handling. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; text: string; headers: Headers }>;
  restart(): Promise<TestStudio>;
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts the real server on a temp data dir (real SQLite file, real HTTP on loopback). */
export async function startTestStudio(options: Partial<StudioOptions> = {}): Promise<TestStudio> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-test-'));
  const studio = await startStudio({
    dataDir,
    port: 0,
    logToFile: false,
    credentials: { email: TEST_EMAIL, token: TEST_TOKEN, writeKey: TEST_WRITE_KEY },
    ...options,
  });
  const auth = `Basic ${Buffer.from(`${TEST_EMAIL}:${TEST_TOKEN}`).toString('base64')}`;
  const writeKeyAuth = `Basic ${Buffer.from(`${TEST_WRITE_KEY}:`).toString('base64')}`;
  const harness: TestStudio = {
    studio,
    url: studio.url,
    dataDir,
    auth,
    writeKeyAuth,
    async call(method, path, body, headers = {}) {
      const response = await fetch(studio.url + path, {
        method,
        headers: {
          authorization: auth,
          ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed, text, headers: response.headers };
    },
    async restart() {
      await studio.close();
      return startTestStudio({ ...options, dataDir });
    },
    async close({ keepData = false } = {}) {
      await studio.close();
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Plain node:http request (fetch cannot set Host or send malformed bodies). */
export async function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; streamAnswersAtHead?: boolean },
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  const { request } = await import('node:http');
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        // A stream (server-sent events) has answered once its head is here: it may rightly stay
        // open for as long as what it streams lasts (a paused debug session: up to 15 minutes).
        if (options.streamAnswersAtHead && String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          resolve({ status: res.statusCode ?? 0, text: '', headers: res.headers });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
