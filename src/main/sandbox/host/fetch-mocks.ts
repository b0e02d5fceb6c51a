// A saved test's fetch mocks: canned answers given instead of the network while that test runs.
import type { FetchMock } from '../../../shared/api/test-events';
import type { IncomingResponse } from './http-request';

const patternOf = (url: string) => new RegExp(`^${url.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** The first mock matching the request (method and URL pattern, `*` = any characters). */
export function findMock(mocks: FetchMock[] | undefined, method: string, url: string): FetchMock | undefined {
  return mocks?.find((m) => (m.method === undefined || m.method.toUpperCase() === method) && (m.url === url || patternOf(m.url).test(url)));
}

/** The mock's answer as the network's would be (after its delay). */
export async function mockResponse(mock: FetchMock, url: string): Promise<IncomingResponse> {
  if (mock.delayMs) await new Promise((resolve) => setTimeout(resolve, mock.delayMs));
  const body = mock.body === undefined ? '' : typeof mock.body === 'string' ? mock.body : JSON.stringify(mock.body);
  const headers = Object.fromEntries(Object.entries(mock.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  if (mock.body !== undefined && typeof mock.body !== 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
  return { url, status: mock.status ?? 200, headers, body };
}
