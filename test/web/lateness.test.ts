// When a board calls a ticket or an order late: from its dishes' menu minutes as its items say
// (options included), each times its station's pace, plus the report's margin for red. The module is
// the boards' own (a browser module with no DOM use), shared by the station boards and the expeditor.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain browser module without type declarations
import { lateAfter, MENU_PACE, menuMinutes } from '../../web/public/js/lib/lateness.js';

const steak = { id: 'steak', station: 'hot', preparation_time: 20 };
const salad = { id: 'salad', station: 'cold', preparation_time: 8 };
const item = (dish_id: string, minutes: number, status = 'Active') => ({ dish_id, minutes, status });

describe('lateness on the boards', () => {
  it("takes a dish's minutes from its items, options included, the longest where it is in several", () => {
    const order = { dishes: [steak, steak, salad], items: [item('steak', 20), item('steak', 26), item('salad', 12, 'Voided')] };
    const minutes = menuMinutes(order);
    expect([minutes(steak), minutes(salad)]).toStrictEqual([26, 8]);
    expect(lateAfter(order)).toStrictEqual({ late: 26, veryLate: 31 });
  });

  it("judges each dish at its own station's pace: the expeditor's rows as the stations' boards", () => {
    const paces: Record<string, { speed: number; late_margin_minutes: number }> = {
      hot: { speed: 1.25, late_margin_minutes: 5 },
      cold: { speed: 4, late_margin_minutes: 5 },
    };
    const paceOf = (station: string) => paces[station] ?? MENU_PACE;
    // The steak's 20 minutes at 1.25 are 25; the salad's 8 at a very slow cold line (4×) are 32: the salad sets it.
    expect(lateAfter({ dishes: [steak, salad], items: [] }, paceOf)).toStrictEqual({ late: 32, veryLate: 37 });
    expect(lateAfter({ dishes: [steak] }, paceOf)).toStrictEqual({ late: 25, veryLate: 30 });
    // An order written before items existed: the dishes' preparation_time, at the menu's pace by default.
    expect(lateAfter({ dishes: [steak, salad] })).toStrictEqual({ late: 20, veryLate: 25 });
    expect(lateAfter({ dishes: [] })).toStrictEqual({ late: 0, veryLate: 0 });
  });
});
