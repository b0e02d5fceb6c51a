import { cpuPer } from './cpu.mjs';

/**
 * `clients` clients calling `request()` back to back for `seconds` (each sends its next request
 * when the previous one is answered): requests/s, the p50 latency (ms), and CPU ms per request by
 * thread between two `snapshot()`s (lib/cpu.mjs cpuSnapshot).
 */
export async function clientsPass(request, clients, seconds, snapshot) {
  const cpuBefore = snapshot();
  const end = performance.now() + seconds * 1000;
  const times = [];
  const client = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await request();
      times.push(performance.now() - start);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const s = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / s, p50: times[Math.floor(times.length / 2)], cpu: cpuPer(cpuBefore, snapshot(), times.length) };
}
