/**
 * Tells listeners that something a derived status depends on was written (saved tests, library
 * versions and which is published, sandbox settings, credentials). Repositories report their own
 * writes (`notifying`), so every writer counts, whichever service or route made it.
 */
export function changeFeed() {
  const listeners = new Set<() => void>();
  return {
    on(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(): void {
      for (const listener of listeners) listener();
    },
  };
}
export type ChangeFeed = ReturnType<typeof changeFeed>;

type Method = (...args: never[]) => unknown;

/** The repository with each named method reporting to `emit` after it wrote. */
export function notifying<R extends object>(repo: R, methods: (keyof R)[], emit: () => void): R {
  const wrapped = { ...repo } as Record<string, unknown>;
  for (const name of methods) {
    const method = repo[name] as Method;
    wrapped[name as string] = (...args: never[]) => {
      const result = method(...args);
      emit();
      return result;
    };
  }
  return wrapped as R;
}
