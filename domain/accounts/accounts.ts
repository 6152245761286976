// Who a token's subject is (id, name and role), read from the store on every request, or kept in
// memory where the store's change events arrive before a write answers (the embedded store): a
// role changed or an account deleted drops its entry at once, so the next request reads it again.
import type { UserDoc } from '../../models/user.js';
import type { Store } from '../../store/types.js';

export type Account = Pick<UserDoc, 'id' | 'user_name' | 'role'>;

const KEPT = 10_000;

export class AccountReader {
  private readonly kept = new Map<string, Account>();
  /** Counts changes to users: a read that overlapped one may be stale, so it is not kept. */
  private changes = 0;
  private readonly keeps: boolean;

  constructor(private readonly store: Store) {
    this.keeps = store.synchronousChanges === true;
    if (!this.keeps) return;
    store.onChange((event) => {
      if (event.collection !== 'users') return;
      this.changes += 1;
      this.kept.delete(event.id);
    });
    // Another program changed the data (no event says which account): every account is read again.
    store.onResync(() => {
      this.changes += 1;
      this.kept.clear();
    });
  }

  async get(id: string): Promise<Account | null> {
    const kept = this.kept.get(id);
    if (kept) return kept;
    const changesBefore = this.changes;
    const user = await this.store.collection('users').get(id);
    if (!user) return null;
    const account: Account = { id: user.id, user_name: user.user_name, role: user.role };
    if (this.keeps && changesBefore === this.changes) {
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(id, account);
    }
    return account;
  }
}
