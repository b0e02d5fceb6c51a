import { isIP } from 'node:net';
import { sendRequest } from './http-request';
import { fail, type HostAnswer, type HostCallEnv } from './host-call';

// geolocation(ip): location data for an IP address from the geolocation service configured in
// the sandbox settings (`<geolocationUrl>/geoip/<ip>`).

export const GEOLOCATION_TIMEOUT_MS = 1000;
export const UNAVAILABLE = 'geolocation is not available right now';

export async function handleGeolocation(args: unknown[], env: HostCallEnv): Promise<HostAnswer> {
  const [ip] = args;
  if (ip === null || ip === undefined || ip === '') return fail('ip address is required');
  if (typeof ip !== 'string' || isIP(ip.trim()) === 0) return fail('invalid ip address');
  const base = env.geolocationUrl?.trim().replace(/\/+$/, '');
  if (!base) return fail(UNAVAILABLE);
  let response;
  try {
    response = await sendRequest({
      url: `${base}/geoip/${encodeURIComponent(ip.trim())}`,
      method: 'GET',
      headers: { accept: 'application/json' },
      allowPrivate: true, // the configured service is trusted; user code chooses only the IP
      timeoutMs: Math.min(GEOLOCATION_TIMEOUT_MS, env.timeoutMs),
      maxBodyBytes: 1024 * 1024,
    });
  } catch {
    return fail(UNAVAILABLE);
  }
  if (response.status !== 200) return fail(`request to fetch geolocation failed with status code: ${response.status}`);
  try {
    return { ok: true, value: JSON.parse(response.body) as unknown };
  } catch {
    return fail('geolocation service answered with invalid JSON');
  }
}
