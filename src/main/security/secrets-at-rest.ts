import type { Store } from '../store';
import { chooseMasterKey, KEY_CHECK_SETTING, type KeyChoice } from './master-key';
import { createSecretBox } from '../store/secret-box';

/**
 * Gives the store's secret box its master key and seals every secret stored before encryption
 * (credential values, destination headers and write keys, replay send targets' write keys), in one transaction.
 */
export function setUpSecretsAtRest(store: Store, options: { dataDir: string; envKey?: string }): KeyChoice['source'] {
  const choice = chooseMasterKey({
    dataDir: options.dataDir,
    envKey: options.envKey,
    storedCheck: store.settings.get<string | undefined>(KEY_CHECK_SETTING, undefined),
    opens: (key, sealed) => createSecretBox(key).opens(sealed),
    seal: (key, plain) => createSecretBox(key).seal(plain),
  });
  store.secrets.useKey(choice.key);
  store.db.transaction(() => {
    if (choice.check) store.settings.set(KEY_CHECK_SETTING, choice.check);
    store.credentials.sealPlain();
    store.destinations.sealPlain();
    store.sends.sealPlain();
  })();
  return choice.source;
}
