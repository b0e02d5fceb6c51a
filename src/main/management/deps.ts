import type { Store } from '../store';

/** The signed-in account of this data folder. */
export interface Account {
  email: string;
  workspaceId: string;
}

/** What the management services need: the store and the account. */
export interface ManagementDeps {
  store: Store;
  account: Account;
}
