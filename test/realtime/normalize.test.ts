import { describe, expect, it } from 'vitest';
import { isUnroutableDeletion, normalize } from '../../realtime/normalize.js';
import type { ChangeEvent } from '../../store/types.js';

const ingredient = { id: 'a'.repeat(24), created_at: 't0', updated_at: 't0', name: 'Carrot', in_stock_qty: 4, price: 1 };

describe('normalize', () => {
  it('turns an insert into a creation with no previous document', () => {
    const event = { collection: 'ingredients', operation: 'insert', id: ingredient.id, before: null, after: ingredient } as ChangeEvent;
    expect(normalize(event)).toEqual({ collection: 'ingredients', kind: 'created', current: ingredient, previous: null });
  });

  it('turns an update into an update with both documents', () => {
    const after = { ...ingredient, in_stock_qty: 3 };
    const event = { collection: 'ingredients', operation: 'update', id: ingredient.id, before: ingredient, after } as ChangeEvent;
    expect(normalize(event)).toEqual({ collection: 'ingredients', kind: 'updated', current: after, previous: ingredient });
  });

  it('turns a delete into a deletion whose current document is the last state', () => {
    const event = { collection: 'ingredients', operation: 'delete', id: ingredient.id, before: ingredient, after: null } as ChangeEvent;
    expect(normalize(event)).toEqual({ collection: 'ingredients', kind: 'deleted', current: ingredient, previous: ingredient });
  });

  it('drops collections no client hears of', () => {
    const user = {
      id: 'b'.repeat(24),
      created_at: 't',
      updated_at: 't',
      user_name: 'al',
      email: 'a@b.c',
      role: 'chef',
      password_hash: 'x',
    };
    expect(normalize({ collection: 'users', operation: 'insert', id: user.id, before: null, after: user } as ChangeEvent)).toBeNull();
    expect(normalize({ collection: 'refresh_tokens', operation: 'delete', id: 'c', before: null, after: null } as ChangeEvent)).toBeNull();
  });

  it('drops a deletion without a pre-image: there is nothing to route it by', () => {
    expect(normalize({ collection: 'orders', operation: 'delete', id: 'd', before: null, after: null } as ChangeEvent)).toBeNull();
  });

  it('tells apart deletions nobody can route: those of heard-of collections without a pre-image', () => {
    const deletion = (collection: string, before: unknown) =>
      ({ collection, operation: 'delete', id: 'd', before, after: null }) as ChangeEvent;
    expect(isUnroutableDeletion(deletion('orders', null))).toBe(true);
    expect(isUnroutableDeletion(deletion('ingredients', null))).toBe(true);
    expect(isUnroutableDeletion(deletion('orders', ingredient))).toBe(false);
    expect(isUnroutableDeletion(deletion('refresh_tokens', null))).toBe(false);
  });
});
