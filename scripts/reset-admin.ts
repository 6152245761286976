// `npm run reset-admin`, on the server's own machine with the server stopped: the account named by
// POS_ADMIN_USER_NAME becomes a manager with POS_ADMIN_PASSWORD (same password rules as every
// account), created if missing; its refresh tokens are revoked. For a forgotten first manager.
// Refused while a server owns the data directory (its lock names it): stop the server first.
import '../server/supported-node.js';
import { pathToFileURL } from 'node:url';
import { Passwords } from '../domain/accounts/passwords.js';
import { TokenService } from '../domain/accounts/tokens.js';
import { resetManager } from '../domain/accounts/users.js';
import { loadConfig } from '../server/config.js';
import { openStore } from '../store/open.js';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const config = loadConfig();
    if (!config.admin) throw new Error('set POS_ADMIN_USER_NAME and POS_ADMIN_PASSWORD to the manager account and its new password');
    const store = await openStore(config);
    try {
      const now = () => new Date();
      // Only revokes tokens: it never signs one, so no secret is needed.
      const tokens = new TokenService(store, {
        secret: 'reset-admin-never-signs-any-token-00',
        accessTtlSeconds: 60,
        refreshTtlSeconds: 60,
        now,
      });
      const outcome = await resetManager({ store, now, passwords: new Passwords(config.bcryptRounds), tokens }, config.admin);
      process.stdout.write(
        `Manager ${config.admin.userName} ` +
          `${outcome === 'created' ? 'created' : 'reset: new password set, signed out everywhere'}. Start the ` +
          `server and sign in.\n`,
      );
    } finally {
      await store.close();
    }
  } catch (error) {
    process.stderr.write(`Cannot reset the manager: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
