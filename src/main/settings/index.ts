import type { Store } from '../store';
import { createCredentialsService } from './credentials-service';
import { createSettingsService } from './settings-service';
import { createUserStateService } from './user-state-service';

/** The studio's own settings and state: sandbox and management API settings, credentials for user code, the UI's state. */
export const createSettingsServices = (store: Store) => ({
  settings: createSettingsService(store.settings),
  credentials: createCredentialsService(store.credentials),
  userState: createUserStateService(store.userState),
});
