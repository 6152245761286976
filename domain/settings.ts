// The restaurant's settings: read and changed through the API, and kept in memory from the store's
// change events (SettingsBook), so what runs on every order (the quote's wait limit, the report's
// time zone) reads them without a query, on every instance, as each change commits.
import {
  DEFAULT_SETTINGS,
  SETTINGS_ID,
  type Settings,
  type SettingsDoc,
  type SettingsPatch,
  type SettingsReplace,
} from '../models/settings.js';
import { DuplicateKeyError, type ChangeEvent, type Store } from '../store/types.js';
import { requireKitchenStaff, requireManager } from './accounts/access.js';
import type { Deps } from './deps.js';
import { badRequest } from './errors.js';
import type { Principal } from './accounts/principal.js';
import { LoadWhileChanging } from './views/load-while-changing.js';
import { completePrinters } from './printer-settings.js';

/** What a change writes: the fields given, each in its stored form (staffing: only the stations named). */
type SettingsChange = Partial<Omit<Settings, 'updated_at' | 'staffing'>> & Pick<SettingsPatch, 'staffing'>;

/** An IANA zone or link name the runtime knows (`Asia/Kolkata`, `UTC`); offsets such as `+05:30` are not names. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An ISO 4217 code the runtime can format prices in (`EUR`, `USD`); `XXX`-style unknowns are refused. */
export const isCurrency = (code: string): boolean => Intl.supportedValuesOf('currency').includes(code);

/** The runtime's zone names by their lower case: the spelling stored for a name given in any case. */
let zoneSpellings: Map<string, string> | undefined;

/**
 * The name stored for a valid `time_zone`: a zone the runtime lists, in its IANA spelling
 * ("europe/berlin" → "Europe/Berlin", "utc" → "UTC"); a link it knows but does not list
 * (Asia/Kolkata, US/Pacific) as given, since the runtime would name it by the zone it points to.
 */
export function canonicalTimeZone(name: string): string {
  zoneSpellings ??= new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((zone) => [zone.toLowerCase(), zone]));
  return zoneSpellings.get(name.toLowerCase()) ?? name;
}

/** What clients see: the settings without the store's bookkeeping; defaults before any change. */
export function publicSettings(doc: SettingsDoc | null): Settings {
  if (!doc) return { ...DEFAULT_SETTINGS, updated_at: null };
  // A field added since the document was written has its default (every field has one); staffing
  // is merged station by station, so a document from before a station's number still names all three.
  const merged = { ...DEFAULT_SETTINGS, ...doc };
  const { time_zone, default_pacing, max_wait_minutes, low_portions, course_gap_minutes, language, currency, printers, updated_at } =
    merged;
  const staffing = { ...DEFAULT_SETTINGS.staffing, ...doc.staffing };
  return {
    time_zone,
    default_pacing,
    max_wait_minutes,
    low_portions,
    staffing,
    course_gap_minutes,
    language,
    currency,
    printers,
    updated_at,
  };
}

/** The settings as the last committed change left them, followed from the store's change events. */
export class SettingsBook {
  private settings: Settings = publicSettings(null);
  private readonly changes = new LoadWhileChanging<ChangeEvent>((event) => this.apply(event));
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  static async open(store: Store): Promise<SettingsBook> {
    const book = new SettingsBook(store);
    await book.load();
    return book;
  }

  private constructor(private readonly store: Store) {
    this.unsubscribe = store.onChange((event) => this.changes.hear(event));
    this.unsubscribeResync = store.onResync(() => void this.load().catch(() => {}));
  }

  current(): Settings {
    return this.settings;
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
  }

  private async load(): Promise<void> {
    await this.changes.load(
      () => this.store.collection('settings').get(SETTINGS_ID),
      (doc) => (this.settings = publicSettings(doc)),
    );
  }

  private apply(event: ChangeEvent): void {
    if (event.collection !== 'settings' || event.id !== SETTINGS_ID) return;
    this.settings = publicSettings(event.after as SettingsDoc | null);
  }
}

export type SettingsDeps = Deps & { settings: SettingsBook };

/** What every order may read cheaply: the settings in memory. */
export const currentSettings = (deps: { settings: SettingsBook }): Settings => deps.settings.current();

/** GET /settings: from the store, so a change made on another instance is seen at once. */
export async function getSettings({ store }: Deps, principal: Principal | null): Promise<Settings> {
  requireKitchenStaff(principal, 'read the settings');
  return publicSettings(await store.collection('settings').get(SETTINGS_ID));
}

function checked(body: SettingsPatch): SettingsChange {
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone)) {
    const message = `"${body.time_zone}" is not an IANA time zone name (such as Europe/Berlin, Asia/Kolkata or UTC)`;
    throw badRequest(`Invalid body. time_zone ${message}.`, { errors: [{ path: 'time_zone', message }] });
  }
  if (body.currency !== undefined && !isCurrency(body.currency)) {
    const message = `"${body.currency}" is not an ISO 4217 currency code (such as EUR, USD or GBP)`;
    throw badRequest(`Invalid body. currency ${message}.`, { errors: [{ path: 'currency', message }] });
  }
  const { printers, ...rest } = body;
  const zoned = rest.time_zone === undefined ? rest : { ...rest, time_zone: canonicalTimeZone(rest.time_zone) };
  return printers === undefined ? zoned : { ...zoned, printers: completePrinters(printers) };
}

/** Writes the fields to the one document, creating it (from the defaults) on the first change. */
async function write(store: Store, change: SettingsChange, keepStaffing: boolean): Promise<Settings> {
  const settings = store.collection('settings');
  // Staffing changes station by station: those not named keep tonight's number (PATCH) or become null (PUT).
  const { staffing: staffingChange, ...rest } = change;
  const staffed = keepStaffing && staffingChange ? publicSettings(await settings.get(SETTINGS_ID)).staffing : DEFAULT_SETTINGS.staffing;
  const set: Partial<Omit<SettingsDoc, 'id' | 'created_at' | 'updated_at'>> = staffingChange
    ? { ...rest, staffing: { ...staffed, ...staffingChange } as Settings['staffing'] }
    : rest;
  const updated = await settings.update(SETTINGS_ID, { set });
  if (updated) return publicSettings(updated);
  try {
    return publicSettings(await settings.insert({ id: SETTINGS_ID, ...DEFAULT_SETTINGS, ...set }));
  } catch (error) {
    // Another request created it meanwhile: this change applies on top.
    const again = error instanceof DuplicateKeyError ? await settings.update(SETTINGS_ID, { set }) : null;
    if (again) return publicSettings(again);
    throw error;
  }
}

/** PUT /settings: the fields given are set, those left out return to their defaults. */
export async function replaceSettings({ store }: Deps, principal: Principal | null, body: SettingsReplace): Promise<Settings> {
  requireManager(principal, 'change the settings');
  return write(store, { ...DEFAULT_SETTINGS, ...checked(body) }, false);
}

/** PATCH /settings: only the fields given change. */
export async function patchSettings({ store }: Deps, principal: Principal | null, body: SettingsPatch): Promise<Settings> {
  requireManager(principal, 'change the settings');
  return write(store, checked(body), true);
}
