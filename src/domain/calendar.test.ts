import { describe, expect, it } from 'vitest';
import { CategorySchema, PriceSchema, ProductSchema, type Price } from '../api/contract/catalogue';
import { DateModes, type DateMode } from './dates';
import {
  availabilitySpan,
  byDay,
  calendarCells,
  dayState,
  halvesThatFit,
  initialProductId,
  isSoldOutState,
  monthDays,
  neededHalves,
  priceIfPicked,
  productGroups,
  selectionStatus,
  shiftMonth,
  type CalendarInput,
  type CartLine,
  type HalfCounts,
  type HalfFit,
} from './calendar';

const price = (p: Partial<Price> & { id: number }): Price => PriceSchema.parse({ main_price: true, ...p });

// Per-day tiers like the seeded list: 25 € for 1 day, 22.50 €/day for 2–3, 20 €/day for 4–6,
// 17.50 €/day from 7; morning 15 €, afternoon 12.50 €, season 300 €.
const PRICES: Price[] = [
  price({ id: 1, rent_days_from: 1, rent_days_to: 1, amount: 25 }),
  price({ id: 2, rent_days_from: 2, rent_days_to: 3, amount: 22.5 }),
  price({ id: 3, rent_days_from: 4, rent_days_to: 6, amount: 20 }),
  price({ id: 4, rent_days_from: 7, rent_days_to: null, amount: 17.5 }),
  price({ id: 5, morning: true, amount: 15 }),
  price({ id: 6, afternoon: true, amount: 12.5 }),
  price({ id: 7, season: true, amount: 300 }),
];
const PRODUCT = { id: 10, prices: PRICES };

const line = (id: number, related: CartLine['related'] = []): CartLine => ({ id, related });
const counts = (morning: number, afternoon: number): HalfCounts => ({ morning, afternoon });
const fit = (morning: boolean, afternoon: boolean): HalfFit => ({ morning, afternoon });

describe('neededHalves', () => {
  it.each<[DateMode, string[]]>([
    [DateModes.MORNING, ['morning']],
    [DateModes.AFTERNOON, ['afternoon']],
    [DateModes.SINGLE, ['morning', 'afternoon']],
    [DateModes.RANGE, ['morning', 'afternoon']],
    [DateModes.SEASONAL, ['morning', 'afternoon']],
  ])('mode %s needs %j', (mode, halves) => {
    expect(neededHalves(mode)).toEqual(halves);
  });
});

describe('halvesThatFit: the booking (what the cart holds, or one unit) against the units free on the server', () => {
  it.each<[HalfCounts | null | undefined, number, HalfFit | null]>([
    [counts(1, 0), 0, fit(true, false)], // nothing in the cart: one unit is enough
    [counts(0, 0), 0, fit(false, false)],
    [counts(1, 1), 1, fit(true, true)], // the cart's only unit fits: it moves here with the dates
    [counts(2, 1), 2, fit(true, false)],
    [counts(3, 3), 2, fit(true, true)],
    [null, 1, null],
    [undefined, 0, null],
  ])('%j free with %i in the cart → %j', (server, inCart, expected) => {
    expect(halvesThatFit(server, inCart)).toEqual(expected);
  });
});

describe('dayState', () => {
  it.each<[HalfFit | null, DateMode, string]>([
    [fit(true, true), 2, 'available'],
    [fit(true, true), 0, 'available'],
    [fit(false, false), 2, 'soldOut'],
    [fit(false, false), 0, 'soldOut'],
    [fit(true, false), 0, 'availableMorning'], // a morning needs only the morning
    [fit(true, false), 1, 'soldOutMorningFree'],
    [fit(true, false), 2, 'soldOutMorningFree'], // a full day needs both halves
    [fit(true, false), 3, 'soldOutMorningFree'],
    [fit(false, true), 1, 'availableAfternoon'],
    [fit(false, true), 0, 'soldOutAfternoonFree'],
    [fit(false, true), 3, 'soldOutAfternoonFree'],
    [null, 2, 'unknown'],
  ])('%j in mode %s → %s', (halves, mode, state) => {
    expect(dayState(halves, mode)).toBe(state);
  });

  it('is loading while the counts are on their way', () => {
    expect(dayState(null, 2, true)).toBe('loading');
    expect(dayState(fit(true, true), 2, true)).toBe('available');
  });

  it('tells the sold-out states apart', () => {
    expect(['soldOut', 'soldOutMorningFree', 'soldOutAfternoonFree'].every((s) => isSoldOutState(s as never))).toBe(true);
    expect(['available', 'availableMorning', 'availableAfternoon', 'loading', 'unknown'].some((s) => isSoldOutState(s as never))).toBe(false);
  });
});

describe('priceIfPicked', () => {
  it.each<[DateMode, string[], string, { amount: number; days: number } | null]>([
    [DateModes.SINGLE, [], '2026-12-12', { amount: 25, days: 1 }], // the 1-day price
    [DateModes.SINGLE, ['2026-12-01'], '2026-12-12', { amount: 25, days: 1 }],
    [DateModes.MORNING, [], '2026-12-12', { amount: 15, days: 1 }], // morning price
    [DateModes.AFTERNOON, ['2026-12-12'], '2026-12-12', { amount: 12.5, days: 1 }], // afternoon price
    [DateModes.RANGE, [], '2026-12-12', { amount: 25, days: 1 }], // no start yet: 1 day
    [DateModes.RANGE, ['2026-12-10'], '2026-12-12', { amount: 67.5, days: 3 }], // start..day: 3 × 22.50
    [DateModes.RANGE, ['2026-12-10'], '2026-12-10', { amount: 25, days: 1 }],
    [DateModes.RANGE, ['2026-12-10'], '2026-12-13', { amount: 80, days: 4 }], // 4 × 20
    [DateModes.RANGE, ['2026-12-10'], '2026-12-16', { amount: 122.5, days: 7 }], // 7 × 17.50
    [DateModes.RANGE, ['2026-12-14'], '2026-12-12', { amount: 67.5, days: 3 }], // before the start: swapped
    [DateModes.RANGE, ['2026-12-10', '2026-12-12'], '2026-12-20', { amount: 25, days: 1 }], // a full range: a click starts anew
    [DateModes.SEASONAL, [], '2026-12-12', null], // the season has no day cells
  ])('mode %s, picked %j, day %s → %j', (mode, picked, day, expected) => {
    expect(priceIfPicked(PRICES, mode, picked, day)).toEqual(expected);
  });

  it('is null when no price applies (never 0)', () => {
    const dayOnly = PRICES.filter((p) => p.id === 1);
    expect(priceIfPicked(dayOnly, 0, [], '2026-12-12')).toBeNull();
    expect(priceIfPicked(dayOnly, 3, ['2026-12-10'], '2026-12-12')).toBeNull(); // no 2–3 day tier
    expect(priceIfPicked([], 2, [], '2026-12-12')).toBeNull();
  });
});

describe('calendarCells', () => {
  const days = ['2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];
  const base: CalendarInput = {
    days,
    today: '2026-12-11',
    mode: DateModes.SINGLE,
    picked: [],
    product: PRODUCT,
    availability: byDay([
      { date: '2026-12-11', morning: 2, afternoon: 2 },
      { date: '2026-12-12', morning: 1, afternoon: 0 },
      { date: '2026-12-13', morning: 1, afternoon: 1 },
    ]),
    cart: [],
  };
  const view = (input: Partial<CalendarInput>) =>
    calendarCells({ ...base, ...input }).map((c) => [c.day, c.state, c.soldOut, c.price, c.fit && [c.fit.morning, c.fit.afternoon]]);

  it('full day: past days plain, sold out where a half is gone', () => {
    expect(view({})).toEqual([
      ['2026-12-10', 'unknown', false, null, null],
      ['2026-12-11', 'available', false, 25, [true, true]],
      ['2026-12-12', 'soldOutMorningFree', true, 25, [true, false]],
      ['2026-12-13', 'available', false, 25, [true, true]],
    ]);
  });

  it('the cart counts on every day, wherever its lines are now: its units move with the dates', () => {
    // One unit of the product in the cart: it fits wherever one is free.
    expect(view({ cart: [line(10)] }).map((c) => c[1])).toEqual(['unknown', 'available', 'soldOutMorningFree', 'available']);
    // Two (a main line and a used add-on of another line): only where two are free.
    const two = [line(10), line(3, [{ id: 10, id_price: 99, used: true }, { id: 11, id_price: 98, used: true }])];
    expect(view({ cart: two }).map((c) => c[1])).toEqual(['unknown', 'available', 'soldOut', 'soldOut']);
    // An add-on offered but not taken holds nothing.
    expect(view({ cart: [line(3, [{ id: 10, id_price: 99, used: false }])] }).map((c) => c[1])).toEqual(['unknown', 'available', 'soldOutMorningFree', 'available']);
  });

  it('morning: the morning price, sold out only where the morning is gone', () => {
    expect(view({ mode: DateModes.MORNING, cart: [line(10), line(10)] })).toEqual([
      ['2026-12-10', 'unknown', false, null, null],
      ['2026-12-11', 'available', false, 15, [true, true]],
      ['2026-12-12', 'soldOut', true, 15, [false, false]],
      ['2026-12-13', 'soldOut', true, 15, [false, false]],
    ]);
    expect(view({ mode: DateModes.MORNING }).map((c) => c[1])).toEqual(['unknown', 'available', 'availableMorning', 'available']);
  });

  it('afternoon: the afternoon price', () => {
    expect(view({ mode: DateModes.AFTERNOON }).map((c) => c.slice(1, 4))).toEqual([
      ['unknown', false, null],
      ['available', false, 12.5],
      ['soldOutMorningFree', true, 12.5],
      ['available', false, 12.5],
    ]);
  });

  it('range: with a start picked each day shows the price of the range ending there', () => {
    const cells = calendarCells({ ...base, mode: DateModes.RANGE, picked: ['2026-12-11'] });
    expect(cells.map((c) => [c.price, c.rentDays])).toEqual([[null, 0], [25, 1], [45, 2], [67.5, 3]]);
  });

  it('loading and unknown days; no product → nothing', () => {
    expect(view({ availability: null, loading: true }).map((c) => c[1])).toEqual(['unknown', 'loading', 'loading', 'loading']);
    expect(view({ availability: null }).map((c) => c[1])).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    expect(view({ product: null }).map((c) => [c[1], c[3]])).toEqual(days.map(() => ['unknown', null]));
    // The product list itself still loading: the days to come are loading too.
    expect(view({ product: null, availability: null, loading: true }).map((c) => c[1])).toEqual(['unknown', 'loading', 'loading', 'loading']);
  });

  it('out of season: no availability, no price, and the day it reopens; in-season and all-year days as before', () => {
    // A season from 12 December to 15 April: 10 December is past, 11 December closed until the 12th.
    const cells = calendarCells({ ...base, season: { from: '12-12', to: '04-15' } });
    expect(cells.map((c) => [c.day, c.past, c.opensOn, c.state, c.price])).toEqual([
      ['2026-12-10', true, null, 'unknown', null],
      ['2026-12-11', false, '2026-12-12', 'unknown', null],
      ['2026-12-12', false, null, 'soldOutMorningFree', 25],
      ['2026-12-13', false, null, 'available', 25],
    ]);
    // Loading does not apply to a closed day: nothing will arrive for it.
    expect(calendarCells({ ...base, season: { from: '12-12', to: '04-15' }, availability: null, loading: true })[1]!.state).toBe('unknown');
    expect(calendarCells({ ...base, season: { from: '01-01', to: '12-31' } }).map((c) => c.opensOn)).toEqual([null, null, null, null]);
  });
});

describe('selectionStatus', () => {
  const availability = byDay([
    { date: '2026-12-12', morning: 3, afternoon: 2 },
    { date: '2026-12-13', morning: 1, afternoon: 1 },
    { date: '2026-12-14', morning: 0, afternoon: 4 },
  ]);
  const status = (mode: DateMode, dates: string[], cart: CartLine[] = []) => selectionStatus({ mode, dates, product: PRODUCT, availability, cart });

  it('counts the smallest needed half over the days, less what the cart holds', () => {
    expect(status(2, ['2026-12-12'])).toEqual({ inCart: 0, count: 2, soldOut: false, price: 25 });
    expect(status(0, ['2026-12-12'])).toEqual({ inCart: 0, count: 3, soldOut: false, price: 15 });
    expect(status(3, ['2026-12-13', '2026-12-12'])).toEqual({ inCart: 0, count: 1, soldOut: false, price: 45 });
    // The cart's unit fits on both days, none left beyond it.
    expect(status(3, ['2026-12-12', '2026-12-13'], [line(10)])).toEqual({ inCart: 1, count: 0, soldOut: false, price: 45 });
    expect(status(0, ['2026-12-12'], [line(10)])).toEqual({ inCart: 1, count: 2, soldOut: false, price: 15 });
    // Two in the cart do not fit on the 13th.
    expect(status(3, ['2026-12-12', '2026-12-13'], [line(10), line(10)])).toEqual({ inCart: 2, count: 0, soldOut: true, price: 45 });
  });

  it('is sold out when one known day is, even with unloaded days in the range', () => {
    expect(status(3, ['2026-12-14', '2026-12-20'])).toMatchObject({ count: 0, soldOut: true });
    expect(status(1, ['2026-12-14'])).toEqual({ inCart: 0, count: 4, soldOut: false, price: 12.5 });
  });

  it('has no count when a day is not loaded, and only a price for the season', () => {
    expect(status(3, ['2026-12-11', '2026-12-13'])).toEqual({ inCart: 0, count: null, soldOut: false, price: 67.5 }); // the 11th is not loaded
    expect(status(3, ['2026-12-15', '2026-12-18'])).toEqual({ inCart: 0, count: null, soldOut: false, price: 80 });
    expect(status(20, [])).toEqual({ inCart: 0, count: null, soldOut: false, price: 300 });
    expect(status(3, ['2026-12-12'])).toEqual({ inCart: 0, count: null, soldOut: false, price: null });
    expect(selectionStatus({ mode: DateModes.SINGLE, dates: ['2026-12-12'], product: null, availability, cart: [] })).toEqual({ inCart: 0, count: null, soldOut: false, price: null });
  });
});

describe('product picker', () => {
  const categories = [
    CategorySchema.parse({ id: 1, label: 'Sci', children: [{ id: 11, label: 'Sci adulto' }, { id: 12, label: 'Sci junior' }] }),
    CategorySchema.parse({ id: 2, label: 'Ciaspole', children: [{ id: 21, label: 'Ciaspole' }] }),
  ];
  const product = (id: number, cats: number[]) => ProductSchema.parse({ id, label: `P${id}`, categories: cats });
  const products = [product(100, [11]), product(101, [11, 12]), product(102, [12]), product(103, [21]), product(104, [2]), product(105, [99])];
  const groups = productGroups(categories, products);

  it('groups by child category, each product once; a root keeps its own products', () => {
    expect(groups.map((g) => [g.id, g.label, g.products.map((p) => p.id)])).toEqual([
      [11, 'Sci adulto', [100, 101]],
      [12, 'Sci junior', [102]],
      [21, 'Ciaspole', [103]],
      [2, 'Ciaspole', [104]],
    ]);
  });

  it('starts on the asked product, else the first of the cart, else the first', () => {
    expect(initialProductId(groups, '102', [{ id: 103 }])).toBe(102);
    expect(initialProductId(groups, '105', [{ id: 7 }, { id: 103 }])).toBe(103); // 105 is not offered
    expect(initialProductId(groups, 'abc', [])).toBe(100);
    expect(initialProductId(groups, null, [])).toBe(100);
    expect(initialProductId([], '100', [])).toBeNull();
  });

  it('from a "Prenota" link, starts on the first product of the category, before the cart; an asked product still wins', () => {
    const ciaspole = [2, 21]; // categoryForSlug: the root and its child
    expect(initialProductId(groups, null, [{ id: 100 }], ciaspole)).toBe(103);
    expect(initialProductId(groups, null, [], [12])).toBe(102);
    expect(initialProductId(groups, '101', [], ciaspole)).toBe(101);
    // A category without products here: as if none was asked.
    expect(initialProductId(groups, null, [{ id: 102 }], [77])).toBe(102);
  });
});

describe('month helpers', () => {
  it('lays a month out Monday first', () => {
    const december = monthDays('2026-12'); // 1 December 2026 is a Tuesday
    expect(december.slice(0, 2)).toEqual([null, '2026-12-01']);
    expect(december.filter(Boolean)).toHaveLength(31);
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });

  it('asks availability from today to the end of the month, nothing for a past month', () => {
    expect(availabilitySpan('2026-12', '2026-12-12')).toEqual({ from: '2026-12-12', to: '2026-12-31' });
    expect(availabilitySpan('2027-02', '2026-12-12')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(availabilitySpan('2026-11', '2026-12-12')).toBeNull();
  });
});
