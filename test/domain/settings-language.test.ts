// settings.language and settings.currency: their defaults, what they accept, a 400 naming the field
// for anything else, a document stored before they existed, and the settings.updated they cause.
import { describe, expect } from 'vitest';
import { SETTINGS_ID } from '../../models/settings.js';
import type { Envelope } from '../../realtime/events.js';
import { it } from '../helpers/fixtures.js';
import { openScreens } from '../realtime/helpers/screens.js';

describe('the restaurant language and currency', () => {
  it('default to English and US dollars, and change to any of the four languages and a known currency', async ({ app: t }) => {
    const before = (await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json();
    expect([before.language, before.currency]).toStrictEqual(['en', 'USD']);
    for (const [language, currency] of [
      ['es', 'EUR'],
      ['fr', 'CHF'],
      ['de', 'EUR'],
      ['en', 'GBP'],
      ['es', 'MXN'],
      ['fr', 'JPY'],
    ]) {
      const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { language, currency } });
      expect(response.statusCode).toBe(200);
      expect([response.json().language, response.json().currency]).toStrictEqual([language, currency]);
    }
    const read = (await t.inject({ method: 'GET', url: '/settings', as: 'expeditor' })).json();
    expect([read.language, read.currency]).toStrictEqual(['fr', 'JPY']);
    const replaced = await t.inject({ method: 'PUT', url: '/settings', as: 'manager', payload: { low_portions: 4 } });
    expect([replaced.json().language, replaced.json().currency]).toStrictEqual(['en', 'USD']);
  });

  it.for<[Record<string, unknown>, string]>([
    [{ language: 'it' }, 'language'],
    [{ language: 'EN' }, 'language'],
    [{ language: 'en-GB' }, 'language'],
    [{ language: '' }, 'language'],
    [{ language: null }, 'language'],
    [{ currency: 'eur' }, 'currency'],
    [{ currency: 'EURO' }, 'currency'],
    [{ currency: 'E1' }, 'currency'],
    [{ currency: 'ABC' }, 'currency'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ currency: 978 }, 'currency'],
    [{ currency: '' }, 'currency'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async ([payload, field], { app: t }) => {
    for (const method of ['PATCH', 'PUT'] as const) {
      const response = await t.inject({ method, url: '/settings', as: 'manager', payload });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
      expect(response.json().detail).toContain(field);
    }
    const read = (await t.inject({ method: 'GET', url: '/settings', as: 'manager' })).json();
    expect([read.language, read.currency, read.updated_at]).toStrictEqual(['en', 'USD', null]);
  });

  it('a settings document stored before the language and currency existed reads as their defaults', async ({ app: t }) => {
    const old = { id: SETTINGS_ID, time_zone: 'Europe/Madrid', default_pacing: 'at_once', max_wait_minutes: null, low_portions: 10 };
    await t.store.collection('settings').insert(old as never);
    const read = await t.inject({ method: 'GET', url: '/settings', as: 'chef' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ time_zone: 'Europe/Madrid', language: 'en', currency: 'USD' });
    const changed = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { currency: 'EUR' } });
    expect(changed.json()).toMatchObject({ time_zone: 'Europe/Madrid', language: 'en', currency: 'EUR' });
  });
});

describe('a change of language', () => {
  it('is a settings.updated event to every staff room carrying the new language and currency', async ({ app: t }) => {
    const screens = await openScreens(t);
    try {
      const changed = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { language: 'de', currency: 'EUR' } });
      expect(changed.statusCode).toBe(200);
      await screens.fence();
      for (const room of ['station:cold', 'station:hot', 'station:beverages', 'expeditor'] as const) {
        for (const screen of screens.byRoom[room]) {
          const updates = screen.inbox.envelopes.filter((e: Envelope) => e.type === 'settings.updated').map((e) => e.data);
          expect(updates).toStrictEqual([changed.json()]);
          expect(updates[0]).toMatchObject({ language: 'de', currency: 'EUR' });
        }
      }
    } finally {
      screens.close();
    }
  });
});
