// Who a token's subject is (id, name and role), kept in memory on every store: a role changed or an
// account deleted drops its entry as its change event arrives, and a read first awaits
// store.settled() (every change committed before it delivered), so the next request reads it again.
import type { UserDoc } from '../../models/user.js';
import type { Store } from '../../store/types.js';
import { KeptPerDocument } from '../views/kept-per-document.js';

export type Account = Pick<UserDoc, 'id' | 'user_name' | 'role'>;

const KEPT = 10_000;

const accountOf = ({ id, user_name, role }: UserDoc): Account => ({ id, user_name, role });

/** Accounts by user id; `get` answers undefined for one that does not exist. */
export class AccountReader extends KeptPerDocument<'users', Account> {
  constructor(store: Store) {
    super(store, 'users', accountOf, KEPT);
  }
}
