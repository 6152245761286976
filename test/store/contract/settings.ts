// What the settings need of every store: one document under a fixed id (a second insert of it is a
// DuplicateKeyError, so two first changes at once never make two), and a SettingsBook that follows
// its writes through the change events, whenever they arrive.
import { describe, expect, it, vi } from 'vitest';
import { SettingsBook } from '../../../domain/settings.js';
import { DEFAULT_SETTINGS, SETTINGS_ID } from '../../../models/settings.js';
import { DuplicateKeyError, type Store } from '../../../store/types.js';

export function describeSettingsDocument(store: () => Store): void {
  describe('settings', () => {
    it('keeps one document under its fixed id, and the book follows its writes', async () => {
      const book = await SettingsBook.open(store());
      try {
        expect(book.current()).toStrictEqual({ ...DEFAULT_SETTINGS, updated_at: null });
        const settings = store().collection('settings');
        expect(await settings.update(SETTINGS_ID, { set: { low_portions: 2 } })).toBeNull();
        const created = await settings.insert({ id: SETTINGS_ID, ...DEFAULT_SETTINGS, time_zone: 'Asia/Kolkata' });
        await expect(settings.insert({ id: SETTINGS_ID, ...DEFAULT_SETTINGS })).rejects.toBeInstanceOf(DuplicateKeyError);
        const changed = await settings.update(SETTINGS_ID, { set: { max_wait_minutes: 30 } });
        expect(changed).toMatchObject({
          id: SETTINGS_ID,
          time_zone: 'Asia/Kolkata',
          max_wait_minutes: 30,
          low_portions: 10,
          created_at: created.created_at,
        });
        await vi.waitFor(
          () =>
            expect(book.current()).toStrictEqual({
              ...DEFAULT_SETTINGS,
              time_zone: 'Asia/Kolkata',
              max_wait_minutes: 30,
              updated_at: changed?.updated_at,
            }),
          { timeout: 5000, interval: 10 },
        );
        expect(await settings.find([])).toHaveLength(1);
      } finally {
        book.close();
      }
    });
  });
}
