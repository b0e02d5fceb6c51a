import { useState } from 'react';

/** Retry schedule fields in the units people think in; values kept as the config's milliseconds. */
const FIELDS = [
  { key: 'retryMinBackoffMs', label: 'First retry after (s)', unit: 1000, help: 'default 10 s' },
  { key: 'retryMaxBackoffMs', label: 'Longest wait (s)', unit: 1000, help: 'default 300 s' },
  { key: 'retryMaxAgeMs', label: 'Give up after (min)', unit: 60_000, help: 'default 180 min, and at least 3 tries' },
] as const;

export type RetryValues = Record<(typeof FIELDS)[number]['key'], string>;

/** The form's state for a destination's retry schedule, from its stored config. */
export function useRetryValues(config: Record<string, unknown>) {
  return useState<RetryValues>(() => {
    const values = {} as RetryValues;
    for (const f of FIELDS) values[f.key] = typeof config[f.key] === 'number' ? String((config[f.key] as number) / f.unit) : '';
    return values;
  });
}

/** The schedule as config fields (empty fields take the defaults). */
export function retryConfig(values: RetryValues): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of FIELDS) if (values[f.key].trim()) out[f.key] = Math.round(Number(values[f.key]) * f.unit);
  return out;
}

/** Retries over time: exponential back-off with jitter between the first and longest wait. */
export function RetryFields({ values, onChange }: { values: RetryValues; onChange: (v: RetryValues) => void }) {
  return (
    <fieldset className="retry-fields form-span" data-testid="retry-fields">
      <legend>Retries over time</legend>
      <p className="field-help">A failed delivery (network, 408, 429, 5xx) is tried again later, waiting twice as long each time (±20%) up to the longest wait, until it has had its max attempts in total.</p>
      {FIELDS.map((f) => (
        <label key={f.key}>
          {f.label}
          <input type="number" min={0} step="any" value={values[f.key]} placeholder={f.help} onChange={(e) => onChange({ ...values, [f.key]: e.target.value })} />
        </label>
      ))}
    </fieldset>
  );
}
