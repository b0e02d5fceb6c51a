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

/** Every repository over one database. Feature issues add theirs here. */
export function createStore(file: string) {
  const db = openDatabase(file);
  return {
    db,
    account: accountRepo(db),
    sources: sourcesRepo(db),
    settings: settingsRepo(db),
    destinations: destinationsRepo(db),
    credentials: credentialsRepo(db),
    libraryCode: libraryCodeRepo(db),
    transformations: transformationsRepo(db),
    libraries: librariesRepo(db),
    events: eventsRepo(db),
    deliveries: deliveriesRepo(db),
    sync: syncRepo(db),
    testEvents: testEventsRepo(db),
    replay: replayRepo(db),
    deliveryHealth: deliveryHealthRepo(db),
    sends: sendRepo(db),
    quarantine: quarantineRepo(db),
    close: () => db.close(),
  };
}
export type Store = ReturnType<typeof createStore>;
export type { Db };
