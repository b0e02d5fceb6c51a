import { newId, newSecret } from '../store/ids';
import type { Store } from '../store';
import { hashToken, unmatchableHash } from './token-hash';

export interface CredentialInput {
  email?: string;
  token?: string;
  writeKey?: string;
}

export interface Bootstrap {
  email: string;
  workspaceId: string;
  /** Only set when this start created the account: the plain token, shown once. */
  createdToken?: string;
  /** Only set when this start created the default source. */
  createdWriteKey?: string;
}

/** Reads credentials from STUDIO_EMAIL / STUDIO_TOKEN / STUDIO_WRITE_KEY. */
export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): CredentialInput {
  return {
    email: env.STUDIO_EMAIL || undefined,
    token: env.STUDIO_TOKEN || undefined,
    writeKey: env.STUDIO_WRITE_KEY || undefined,
  };
}

/**
 * First start of a data directory: create the account and the default source from the
 * given credentials, else generated ones. Later starts keep what is stored. sessionOnly (a
 * one-shot core on a throw-away folder): the account gets no token, only a stored form no token
 * matches, so it is reached with the session secret alone and no scrypt runs.
 */
export function bootstrapCredentials(store: Store, input: CredentialInput, options: { sessionOnly?: boolean } = {}): Bootstrap {
  return store.db.transaction((): Bootstrap => {
    let createdToken: string | undefined;
    let createdWriteKey: string | undefined;
    let account = store.account.get();
    if (!account) {
      const email = input.email ?? 'studio@localhost';
      if (!options.sessionOnly) createdToken = input.token ?? newSecret();
      account = store.account.create(email, createdToken === undefined ? unmatchableHash() : hashToken(createdToken), newId());
    }
    if (store.sources.list().length === 0) {
      createdWriteKey = input.writeKey ?? newSecret(18);
      store.sources.create({ id: newId(), name: 'Default source', writeKey: createdWriteKey, enabled: true });
    }
    return { email: account.email, workspaceId: account.workspaceId, createdToken, createdWriteKey };
  })();
}
