import type { Credential } from '../../shared/api/settings';
import { notFound } from '../errors';
import type { Store } from '../store';

/** What an answer shows of a credential's value: never the value (write-only through the API). */
const MASK = '********';

/** Credentials user code reads with getCredential(key): values sealed at rest, masked in every answer. */
export function createCredentialsService(repo: Store['credentials']) {
  return {
    list: (): { credentials: Credential[] } => ({ credentials: repo.list().map((c) => ({ ...c, value: MASK })) }),
    /** Creates or replaces a credential. */
    put: (key: string, value: string): Credential => ({ ...repo.put(key, value), value: MASK }),
    remove(key: string): { success: true } {
      if (!repo.delete(key)) throw notFound(`no credential with key "${key}"`);
      return { success: true };
    },
    /** Every key and its value, for the sandbox's getCredential (never for an answer). */
    values: (): Record<string, string> => repo.values(),
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
