// Saving the settings form: three parts behind three endpoints, saved all or nothing. Only the
// parts that changed are sent; when one is refused, those already stored are put back, and every
// refusal is reported with the form's labels instead of the API's field names.

export type PartKey = 'sandbox' | 'management' | 'retention';
type Put<V> = (value: V) => Promise<V>;

/** The form's label of each API field (what the user sees next to the input). */
export const FIELD_LABELS: Record<string, string> = {
  memoryLimitMb: 'Memory limit (MB)',
  timeoutMs: 'Time limit per batch (ms)',
  allowPrivateNetwork: 'Let fetch reach private addresses',
  geolocationUrl: 'Geolocation service URL',
  maxCodeBytes: 'Largest code size (bytes)',
  maxEvents: 'Keep at most (events)',
  maxAgeDays: 'Delete after (days)',
};

/** `body: field "memoryLimitMb" must be >= 16` → `Memory limit (MB) must be >= 16`. */
export function labelled(message: string): string {
  return message.replace(/^body: /, '').replace(/field "([A-Za-z]+)"/g, (whole, name: string) => FIELD_LABELS[name] ?? whole);
}

/** The API fields a refusal names (`field "memoryLimitMb" …`), so the form can mark its inputs. */
export function namedFields(message: string): string[] {
  return [...message.matchAll(/field "([A-Za-z]+)"/g)].map((match) => match[1]!);
}

/** `fields`: the API fields the refusals named. */
export type SaveOutcome<T> = { ok: true; saved: T } | { ok: false; error: string; fields: string[] };

/** Saves what changed from `stored` to `wanted`, all or nothing. */
export async function saveSettings<T extends Record<PartKey, object>>(
  stored: T,
  wanted: T,
  put: { [K in PartKey]: Put<T[K]> },
): Promise<SaveOutcome<T>> {
  const keys = (Object.keys(put) as PartKey[]).filter((key) => JSON.stringify(stored[key]) !== JSON.stringify(wanted[key]));
  const results = await Promise.allSettled(keys.map((key) => put[key](wanted[key] as never)));
  const reasons = keys.flatMap((key, i) => {
    const result = results[i]!;
    return result.status === 'rejected' ? [result.reason instanceof Error ? result.reason.message : String(result.reason)] : [];
  });
  const refused = reasons.map(labelled);
  if (refused.length === 0) {
    const saved = { ...stored };
    keys.forEach((key, i) => (saved[key] = (results[i] as PromiseFulfilledResult<T[typeof key]>).value));
    return { ok: true, saved };
  }
  const notPutBack: string[] = [];
  for (const [i, key] of keys.entries()) {
    if (results[i]!.status !== 'fulfilled') continue;
    try {
      await put[key](stored[key] as never);
    } catch (error) {
      notPutBack.push(`the ${key} settings were saved and could not be put back (${(error as Error).message}): reload the page`);
    }
  }
  const head = notPutBack.length === 0 ? 'Nothing was saved' : 'Not all saved';
  return { ok: false, error: `${head}: ${[...refused, ...notPutBack].join('; ')}`, fields: reasons.flatMap(namedFields) };
}

/** `saved` (the server's answer to `sent`), except the fields edited since: those keep `now`'s value. */
export function keepEdits<T extends Record<PartKey, object>>(sent: T, now: T, saved: T): T {
  const merged = { ...saved };
  for (const part of Object.keys(saved) as PartKey[]) {
    const [was, is] = [sent[part] as Record<string, unknown>, now[part] as Record<string, unknown>];
    const edited = Object.keys(is).filter((key) => !Object.is(is[key], was[key]));
    if (edited.length > 0) merged[part] = { ...saved[part], ...Object.fromEntries(edited.map((key) => [key, is[key]])) };
  }
  return merged;
}
