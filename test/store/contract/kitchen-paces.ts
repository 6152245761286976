// What the kitchen's pace needs of every store: one document per station, written by the
// PaceKeeper only forward (a later learning never overwritten by an earlier one), read back as stored.
import { describe, expect, it } from 'vitest';
import { PaceKeeper } from '../../../domain/kitchen/pace-keeper.js';
import { emptyPace } from '../../../domain/kitchen/pace-learner.js';
import { paceId } from '../../../models/kitchen-pace.js';
import type { Store } from '../../../store/types.js';

const at = (minute: number) => Date.parse('2026-11-20T18:00:00.000Z') + minute * 60_000;

export function describeKitchenPaces(store: () => Store): void {
  describe('kitchen paces', () => {
    it('keeps one document per station, moving only forward', async () => {
      const keeper = new PaceKeeper(store());
      const learned = {
        ...emptyPace(),
        speed: 1.2,
        learned_from: 7,
        cooks: 3,
        dishes: [{ dish_id: 'a'.repeat(24), speed: 1.3, count: 5, added: 2.5 }],
      };
      keeper.changed('hot', learned, at(10));
      keeper.changed('cold', { ...emptyPace(), speed: 0.9, learned_from: 2 }, at(5));
      await keeper.flush();
      // Another instance that saw less writes later: the stored pace stays.
      keeper.changed('hot', { ...emptyPace(), speed: 2, learned_from: 3 }, at(4));
      await keeper.flush();
      const stored = await new PaceKeeper(store()).read();
      expect([...stored.keys()].sort()).toStrictEqual(['cold', 'hot']);
      expect(stored.get('hot')).toMatchObject({
        ...learned,
        id: paceId('hot'),
        station: 'hot',
        learned_until: new Date(at(10)).toISOString(),
      });
      expect(stored.get('cold')).toMatchObject({ speed: 0.9, learned_from: 2, learned_until: new Date(at(5)).toISOString() });
    });
  });
}
