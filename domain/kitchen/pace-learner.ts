// How a station learns its pace from the tickets it readies: real minutes per menu minute (the
// station's, and each dish's once seen often enough) as exponentially weighted means, recent
// tickets weighing most, and its cooks from the tickets really cooked at once. Bumps that are not
// cooking teach nothing (docs/quotes.md, "The kitchen's pace"). Pure: the state is what is stored.
import type { LearnedPace } from '../../models/kitchen-pace.js';

/** A ticket readied sooner than this after its start was tapped through, not cooked. */
export const MIN_COOKING_MS = 20_000;
/** The menu counts as this many tickets at its own times, so the first few tickets move the pace gently. */
const PRIOR = 2;
/** Past the first tickets, each new ticket weighs this much (about the last 12 tickets matter). */
const WEIGHT = 0.08;
/** A dish's own pace is used once this many of its tickets were measured. */
export const DISH_MIN_LEARNED = 4;
/** A ticket cooked for longer than this many times its expected minutes was waiting, not cooking: it does not show a cook. */
const COOKING_SPAN = 1.5;
/** Cooks are the most seen cooking at one moment among this many recent measured tickets. */
const COOK_SAMPLES = 12;
/** Ready times kept to tell when a cook really took a ticket started early. */
const READIES_KEPT = 24;
export const MAX_COOKS = 20;

export interface Readied {
  /**
   * The ticket's menu minutes (its longest item's `minutes`, options included) and the dishes that
   * set them, each with the minutes its options added to its preparation_time.
   */
  work: number;
  longest: readonly { dish_id: string; added: number }[];
  startedAt: number | null;
  readyAt: number;
  /** Recalled since it was first readied: its times say nothing of its cooking. */
  recalled: boolean;
}

export const emptyPace = (): LearnedPace => ({
  speed: 1,
  learned_from: 0,
  cooks: null,
  cook_samples: [],
  readies: [],
  cooking: [],
  dishes: [],
});

const clampRatio = (ratio: number) => Math.min(4, Math.max(0.25, ratio));
const weightOf = (count: number) => Math.max(1 / (count + PRIOR + 1), WEIGHT);

/**
 * The pace after one more readied ticket. A ticket started with others at once is taken to have
 * been cooked from the moment a cook freed up for it (the ready time `cooks` readies back), not
 * from its Start tap; a ticket whose cooking still looks far longer than its dish shows no cook.
 */
export function learn(pace: LearnedPace, ticket: Readied): LearnedPace {
  const readies = [...pace.readies, ticket.readyAt].slice(-READIES_KEPT);
  if (ticket.startedAt === null || ticket.work <= 0 || ticket.recalled || ticket.readyAt - ticket.startedAt < MIN_COOKING_MS)
    return { ...pace, readies };
  const expected = ticket.work * pace.speed * 60_000;
  const cooks = cooksOf(pace);
  const freed = pace.readies.length >= cooks ? pace.readies[pace.readies.length - cooks]! : Number.NEGATIVE_INFINITY;
  const from =
    ticket.readyAt - ticket.startedAt <= COOKING_SPAN * expected
      ? ticket.startedAt
      : Math.max(ticket.startedAt, Math.min(freed, ticket.readyAt - MIN_COOKING_MS));
  const ratio = clampRatio((ticket.readyAt - from) / 60_000 / ticket.work);
  const speed = pace.speed + weightOf(pace.learned_from) * (ratio - pace.speed);
  const dishes = pace.dishes.map((dish) => ({ ...dish }));
  for (const { dish_id, added } of ticket.longest) {
    const dish = dishes.find((known) => known.dish_id === dish_id);
    if (dish) {
      dish.speed += weightOf(dish.count) * (ratio - dish.speed);
      // The options' minutes: the mean of its tickets' at first, then recent ones weighing most.
      dish.added = (dish.added ?? 0) + Math.max(1 / (dish.count + 1), WEIGHT) * (added - (dish.added ?? 0));
      dish.count += 1;
    } else dishes.push({ dish_id, speed: (PRIOR * speed + ratio) / (PRIOR + 1), count: 1, added });
  }
  // Cooks: the most measured tickets cooking at one moment among the recent ones. A ticket still
  // cooking is counted once it is readied: a moment's count only grows as the tickets around it end.
  const spans = ticket.readyAt - from <= COOKING_SPAN * expected ? [...pace.cooking, { from, to: ticket.readyAt }] : pace.cooking;
  const cooking = spans.slice(-COOK_SAMPLES);
  const samples = cooking.map((span) =>
    Math.min(MAX_COOKS, cooking.filter((other) => other.from <= span.from && span.from < other.to).length),
  );
  return {
    speed,
    learned_from: pace.learned_from + 1,
    cooks: samples.length > 0 ? Math.max(...samples) : pace.cooks,
    cook_samples: samples,
    readies,
    cooking,
    dishes,
  };
}

/** The cooks the pace has seen (1 before any measured ticket). */
export const cooksOf = (pace: LearnedPace): number => pace.cooks ?? 1;

/**
 * The minutes a dish's options added to its cooked items, as learned (0 before any was measured):
 * with its preparation_time, the dish's menu minutes as this kitchen orders it.
 */
export function dishAdded(pace: LearnedPace, dishId: string): number {
  return pace.dishes.find((known) => known.dish_id === dishId)?.added ?? 0;
}

/** Real minutes per menu minute for a dish: its own once seen often enough, else the station's. */
export function dishSpeed(pace: LearnedPace, dishId: string): number {
  const dish = pace.dishes.find((known) => known.dish_id === dishId);
  return dish && dish.count >= DISH_MIN_LEARNED ? dish.speed : pace.speed;
}
