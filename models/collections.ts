// The stored collections: each one's document type, its field catalogue and the indexes a store
// must build for it. Both stores read this one description.
import type { Catalogue } from '../query/types.js';
import type { RefreshTokenDoc } from './auth.js';
import { auditCatalogue, type AuditEntryDoc } from './audit.js';
import { refreshTokenCatalogue } from './auth.js';
import { dishCatalogue, type DishDoc } from './dish.js';
import { idempotencyKeyCatalogue, type IdempotencyKeyDoc } from './idempotency.js';
import { ingredientCatalogue, type IngredientDoc } from './ingredient.js';
import { kitchenPaceCatalogue, type KitchenPaceDoc } from './kitchen-pace.js';
import { loginFailureCatalogue, type LoginFailureDoc } from './login-failure.js';
import { orderStoreCatalogue, type OrderDoc } from './order.js';
import {
  printerStateCatalogue,
  printJobCatalogue,
  printSpoolCatalogue,
  type PrinterStateDoc,
  type PrintJobDoc,
  type PrintSpoolDoc,
} from './printer.js';
import { boardPresenceCatalogue, stationTakeoverCatalogue, type BoardPresenceDoc, type StationTakeoverDoc } from './station-watch.js';
import { settingsCatalogue, type SettingsDoc } from './settings.js';
import { upgradeCatalogue, type UpgradeDoc } from './upgrade.js';
import { userCatalogue, type UserDoc } from './user.js';

export interface Collections {
  dishes: DishDoc;
  ingredients: IngredientDoc;
  orders: OrderDoc;
  users: UserDoc;
  refresh_tokens: RefreshTokenDoc;
  upgrades: UpgradeDoc;
  idempotency_keys: IdempotencyKeyDoc;
  settings: SettingsDoc;
  login_failures: LoginFailureDoc;
  order_audit: AuditEntryDoc;
  kitchen_paces: KitchenPaceDoc;
  print_jobs: PrintJobDoc;
  print_spool: PrintSpoolDoc;
  printer_states: PrinterStateDoc;
  board_presence: BoardPresenceDoc;
  station_takeovers: StationTakeoverDoc;
}

export interface CollectionSpec {
  /** Fields the store can filter and sort on (computed fields are resolved before the store). */
  catalogue: Catalogue;
  /**
   * Indexes, by catalogue field (compound where several); `['created_at']` serves the default order.
   * Each also ends with the id, the tie-break of every sort.
   */
  indexes: string[][];
  /** Indexes that earlier versions built and no longer wanted: each store drops them when it opens. */
  retired?: string[][];
  /** Unique fields; case-insensitive ones compare lower-cased. */
  unique: { field: string; caseInsensitive: boolean }[];
  /**
   * A date field after which the store deletes the document by itself, through an index on it
   * (never a full scan): MongoDB with a TTL index, SQLite at most once a minute as it inserts.
   */
  expiresBy?: string;
  /**
   * False for the API's own bookkeeping, which nothing in the server follows: writes to it make no
   * change event (the embedded store publishes none, and MongoDB's change stream leaves them out,
   * so an order's idempotency record does not travel the stream beside the order). A drop or
   * rename of it is still heard, so the store can prepare it again.
   */
  changeEvents?: false;
  /**
   * Field combinations (string fields) whose counts per value the embedded store keeps, with the
   * number of documents, so lists filtering on exactly one of them learn their total without
   * counting the matches. Each costs every write that changes one of its fields.
   */
  counts?: string[][];
  /**
   * The embedded store's writer keeps these documents in memory instead of reading them back
   * (store/sqlite/memory.ts): every order reads a few dishes and takes stock from their ingredients.
   */
  keptInMemory?: true;
}

export const COLLECTIONS: { readonly [N in keyof Collections]: CollectionSpec } = {
  dishes: {
    catalogue: dishCatalogue,
    indexes: [['created_at'], ['category'], ['station'], ['name'], ['price']],
    unique: [],
    keptInMemory: true,
  },
  // None: every order rewrites the stock of several ingredients, and in SQLite each such write
  // rewrites every index on the document (all of them expressions on its JSON), while a kitchen has
  // a few hundred ingredients at most, which a scan reads in well under a millisecond.
  ingredients: {
    catalogue: ingredientCatalogue,
    indexes: [],
    retired: [['created_at'], ['name'], ['in_stock_qty']],
    unique: [],
    keptInMemory: true,
  },
  orders: {
    catalogue: orderStoreCatalogue,
    // updated_at: the kitchen report reads the orders written since its start (domain/reports/reports.ts).
    indexes: [
      ['created_at'],
      ['status', 'created_at'],
      ['priority', 'created_at'],
      ['table_number'],
      ['owner_id', 'created_at'],
      ['status', 'fire_at'],
      ['updated_at'],
      ['next_fire_at'],
    ],
    unique: [],
    // The boards' lists (by status), a patron's own orders (owner), and both together.
    counts: [['status'], ['owner_id'], ['owner_id', 'status']],
  },
  // Followed: the accounts kept in memory forget a user as soon as it changes (domain/accounts/accounts.ts).
  users: {
    catalogue: userCatalogue,
    indexes: [['created_at'], ['role'], ['user_name']],
    unique: [{ field: 'user_name', caseInsensitive: true }],
  },
  refresh_tokens: {
    catalogue: refreshTokenCatalogue,
    indexes: [['created_at'], ['family_id'], ['user_id']],
    unique: [{ field: 'token_hash', caseInsensitive: false }],
    changeEvents: false,
  },
  upgrades: { catalogue: upgradeCatalogue, indexes: [], unique: [{ field: 'name', caseInsensitive: false }], changeEvents: false },
  // The id is derived from scope and key, so the primary key makes a key unique per caller.
  idempotency_keys: {
    catalogue: idempotencyKeyCatalogue,
    indexes: [['expires_at']],
    unique: [],
    expiresBy: 'expires_at',
    changeEvents: false,
  },
  // One document (SETTINGS_ID); followed, so every instance keeps the current settings in memory.
  settings: { catalogue: settingsCatalogue, indexes: [], unique: [] },
  // Shared by every instance: a lock one instance counted holds on all (domain/accounts/login-throttle.ts).
  login_failures: {
    catalogue: loginFailureCatalogue,
    indexes: [['expires_at'], ['user_name'], ['scope']],
    unique: [],
    expiresBy: 'expires_at',
    changeEvents: false,
  },
  // Who did what to each order (domain/orders/audit.ts): read per order, oldest first; kept 90 days.
  order_audit: {
    catalogue: auditCatalogue,
    indexes: [['order_id', 'created_at'], ['expires_at']],
    unique: [],
    expiresBy: 'expires_at',
    changeEvents: false,
  },
  // One document per station: what the kitchen learned of its pace, kept across restarts and from
  // one service to the next (domain/kitchen/pace-keeper.ts). Every instance learns from the orders'
  // events, so the document itself is bookkeeping.
  kitchen_paces: { catalogue: kitchenPaceCatalogue, indexes: [], unique: [], changeEvents: false },
  // Chits waiting for a printer, and those printed in the last two days (domain/printers/jobs.ts):
  // each printer reads its own oldest waiting one.
  print_jobs: {
    catalogue: printJobCatalogue,
    indexes: [['printer_id', 'status', 'sequence'], ['expires_at']],
    unique: [],
    expiresBy: 'expires_at',
    changeEvents: false,
  },
  // One document: how far the spool has made jobs from the orders' changes (domain/printers/spool.ts).
  print_spool: { catalogue: printSpoolCatalogue, indexes: [], unique: [], changeEvents: false },
  // One document per printer: its state as last reported (domain/printers/states.ts). Followed: its
  // changes are the `printer.state` events every instance pushes to the printers room.
  printer_states: { catalogue: printerStateCatalogue, indexes: [], unique: [] },
  // Per instance and station, when a board of it was last heard (domain/printers/board-records.ts):
  // every instance's fallback decision reads them all.
  board_presence: {
    catalogue: boardPresenceCatalogue,
    indexes: [['expires_at']],
    unique: [],
    expiresBy: 'expires_at',
    changeEvents: false,
  },
  // The takeovers under way, one per station (domain/printers/takeover.ts): kept across restarts.
  station_takeovers: { catalogue: stationTakeoverCatalogue, indexes: [], unique: [], changeEvents: false },
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as (keyof Collections)[];

/** The collections whose writes make change events (every one but the API's bookkeeping). */
export const FOLLOWED_COLLECTIONS = COLLECTION_NAMES.filter((name) => COLLECTIONS[name].changeEvents !== false);
