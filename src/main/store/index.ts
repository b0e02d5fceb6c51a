import { openDatabase, type Db } from './database';
import { accountRepo } from './account-repo';
import { sourcesRepo } from './sources-repo';
import { settingsRepo } from './settings-repo';
import { destinationsRepo } from './destinations-repo';
import { credentialsRepo } from './credentials-repo';
import { libraryCodeRepo } from './library-code-repo';
import { transformationsRepo } from './transformations-repo';
import { librariesRepo } from './libraries-repo';
import { eventsRepo } from './events-repo';
import { deliveriesRepo } from './deliveries-repo';
import { syncRepo } from './sync-repo';
import { testEventsRepo } from './test-events-repo';
import { replayRepo } from './replay-repo';
import { deliveryHealthRepo } from './delivery-health-repo';
import { sendRepo } from './send-repo';
import { quarantineRepo } from './quarantine-repo';
import { libraryPinsRepo } from './library-pins-repo';
import { schemaRepo } from './schema-repo';
import { userStateRepo } from './user-state-repo';
import { createSecretBox, type SecretBox } from './secret-box';
import { changeFeed, notifying } from './change-feed';

/**
 * Every repository over one database. Feature issues add theirs here. Secrets are sealed with
 * `secrets` (the composition root gives it the master key before first use).
 */
export function createStore(file: string, secrets: SecretBox = createSecretBox()) {
  const db = openDatabase(file);
  // Writes of what a version's test status depends on (see management/test-inputs.ts).
  const testInputs = changeFeed();
  return {
    db,
    testInputs,
    account: accountRepo(db),
    sources: sourcesRepo(db),
    settings: notifying(settingsRepo(db), ['set'], testInputs.emit),
    destinations: destinationsRepo(db, secrets),
    credentials: notifying(credentialsRepo(db, secrets), ['put', 'delete'], testInputs.emit),
    secrets,
    libraryCode: libraryCodeRepo(db),
    transformations: transformationsRepo(db),
    libraries: notifying(librariesRepo(db), ['create', 'addVersion', 'publish', 'softDelete'], testInputs.emit),
    events: eventsRepo(db),
    deliveries: deliveriesRepo(db),
    sync: syncRepo(db),
    testEvents: notifying(testEventsRepo(db), ['replace', 'append'], testInputs.emit),
    replay: replayRepo(db),
    deliveryHealth: deliveryHealthRepo(db),
    sends: sendRepo(db, secrets),
    quarantine: quarantineRepo(db),
    libraryPins: libraryPinsRepo(db),
    schema: schemaRepo(db),
    userState: userStateRepo(db),
    close: () => db.close(),
  };
}
export type Store = ReturnType<typeof createStore>;
export type { Db };
