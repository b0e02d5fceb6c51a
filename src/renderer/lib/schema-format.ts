import { maskSample } from '../../shared/event-schema';

// How the learned schema reads wherever it is shown (Schema view, completion, hover): types with
// their counts, the share as a percentage, samples (masked for personal data unless revealed).

/** `string 3 · number 1`, most frequent first; `string` alone when only one type was seen. */
export function formatTypes(types: Record<string, number>): string {
  const entries = Object.entries(types).sort((a, b) => b[1] - a[1]);
  if (entries.length === 1) return entries[0]![0];
  return entries.map(([t, n]) => `${t} ${n.toLocaleString()}`).join(' · ');
}

/** `75%`, `<1%` for a sliver, `100%`. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.01) return '<1%';
  return `${Math.round(share * 100)}%`;
}

/** The samples as shown: masked when the path looks personal and they are not revealed. */
export function shownSamples(samples: string[], pii: boolean, revealed = false): string[] {
  return pii && !revealed ? samples.map(maskSample) : samples;
}
