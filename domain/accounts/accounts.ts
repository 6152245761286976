// Who a token's subject is (id, name and role), kept in memory on every store: a role changed or an
// account deleted drops its entry as its change event arrives, and a read first awaits
// store.settled() (every change committed before it delivered), so the next request reads it again.
import type { UserDoc } from '../../models/user.js';
import type { Store } from '../../store/types.js';

export type Account = Pick<UserDoc, 'id' | 'user_name' | 'role'>;

const KEPT = 10_000;

export class AccountReader {
  private readonly kept = new Map<string, Account>();
  /** Counts changes to users: a read that overlapped one may be stale, so it is not kept. */
  private changes = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  constructor(private readonly store: Store) {
    this.unsubscribe = store.onChange((event) => {
      if (event.collection !== 'users') return;
      this.changes += 1;
      this.kept.delete(event.id);
    });
    // Another program changed the data (no event says which account): every account is read again.
    this.unsubscribeResync = store.onResync(() => {
      this.changes += 1;
      this.kept.clear();
    });
  }

  /** Stops following the store (the app closes; the store may outlive it, as in tests). */
  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
    this.kept.clear();
  }

  async get(id: string): Promise<Account | null> {
    await this.store.settled();
    const kept = this.kept.get(id);
    if (kept) return kept;
    const changesBefore = this.changes;
    const user = await this.store.collection('users').get(id);
    if (!user) return null;
    const account: Account = { id: user.id, user_name: user.user_name, role: user.role };
    if (changesBefore === this.changes) {
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(id, account);
    }
    return account;
  }
}
