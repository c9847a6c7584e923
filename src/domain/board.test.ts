import { describe, expect, it } from 'vitest';
import type { BoardOrder } from '../api/contract/board';
import { BOARD_COLUMNS, boardColumn, boardName, BoardColumns, classifyBoard, lastInitial, numberParts } from './board';
import { romeTime } from './dates';

const TODAY = '2027-01-15';
// 09:30 and 11:00 in Rome on TODAY (winter: UTC+1); 23:30 the evening before.
const MORNING = '2027-01-15T08:30:00.000Z';
const LATER = '2027-01-15T10:00:00.000Z';
const YESTERDAY_LATE = '2027-01-14T22:30:00.000Z';
// 00:30 in Rome on TODAY, still the 14th in UTC.
const JUST_AFTER_MIDNIGHT = '2027-01-14T23:30:00.000Z';

let nextId = 1;
function order(fields: Partial<BoardOrder> = {}): BoardOrder {
  const id = fields.id ?? nextId++;
  return {
    id,
    number: `06-${String(id).padStart(7, '0')}`,
    first_name: 'Giulia',
    last_initial: 'V.',
    date_from: TODAY,
    date_to: TODAY,
    paid: false,
    queued_at: null,
    delivered_at: null,
    units_out: 0,
    items: 1,
    ...fields,
  };
}

describe('boardColumn', () => {
  it('puts an order starting today, not handed out, in "to prepare"', () => {
    expect(boardColumn(order(), TODAY)).toBe(BoardColumns.PREPARE);
    expect(boardColumn(order({ date_to: '2027-01-20' }), TODAY)).toBe(BoardColumns.PREPARE);
  });

  it('puts an order pushed in the queue today in the queue, whatever its dates', () => {
    expect(boardColumn(order({ queued_at: MORNING }), TODAY)).toBe(BoardColumns.QUEUE);
    expect(boardColumn(order({ queued_at: MORNING, date_from: '2027-01-18', date_to: '2027-01-18' }), TODAY)).toBe(BoardColumns.QUEUE);
    // Midnight is Rome's, not UTC's.
    expect(boardColumn(order({ queued_at: JUST_AFTER_MIDNIGHT }), TODAY)).toBe(BoardColumns.QUEUE);
  });

  it('ignores a queueing of an earlier day', () => {
    expect(boardColumn(order({ queued_at: YESTERDAY_LATE }), TODAY)).toBe(BoardColumns.PREPARE);
    expect(boardColumn(order({ queued_at: YESTERDAY_LATE, date_from: '2027-01-14', date_to: '2027-01-16' }), TODAY)).toBeNull();
  });

  it('moves a handed-out order out of the queue: to "delivered today", or to the returns when due back today', () => {
    expect(boardColumn(order({ queued_at: MORNING, delivered_at: LATER, units_out: 2, date_to: '2027-01-17' }), TODAY)).toBe(BoardColumns.DELIVERED);
    expect(boardColumn(order({ queued_at: MORNING, delivered_at: LATER, units_out: 2 }), TODAY)).toBe(BoardColumns.RETURNS);
  });

  it('lists as returns an order out since an earlier day and due back today (or overdue)', () => {
    const earlier = { date_from: '2027-01-12', delivered_at: '2027-01-12T08:00:00.000Z', units_out: 1 };
    expect(boardColumn(order({ ...earlier, date_to: TODAY }), TODAY)).toBe(BoardColumns.RETURNS);
    expect(boardColumn(order({ ...earlier, date_to: '2027-01-14' }), TODAY)).toBe(BoardColumns.RETURNS);
    // Out since earlier and due later: nothing to do today.
    expect(boardColumn(order({ ...earlier, date_to: '2027-01-18' }), TODAY)).toBeNull();
  });

  it('takes an order with everything back off the board', () => {
    expect(boardColumn(order({ delivered_at: MORNING, units_out: 0 }), TODAY)).toBeNull();
    expect(boardColumn(order({ delivered_at: MORNING, units_out: 0, date_to: '2027-01-20' }), TODAY)).toBeNull();
  });

  it('leaves off an order that neither starts today nor was queued or handed out', () => {
    expect(boardColumn(order({ date_from: '2027-01-16', date_to: '2027-01-16' }), TODAY)).toBeNull();
  });
});

describe('classifyBoard', () => {
  it('sorts each column: queue first come first served, prepare by number, newest hand-out first, returns by number', () => {
    const lateQueue = order({ id: 101, queued_at: LATER });
    const earlyQueue = order({ id: 102, queued_at: MORNING });
    const sameTimeQueue = order({ id: 100, queued_at: MORNING });
    const prepareB = order({ id: 111 });
    const prepareA = order({ id: 110 });
    const deliveredEarly = order({ id: 120, delivered_at: MORNING, units_out: 1, date_to: '2027-01-16' });
    const deliveredLate = order({ id: 121, delivered_at: LATER, units_out: 1, date_to: '2027-01-16' });
    const returnB = order({ id: 131, delivered_at: MORNING, units_out: 1 });
    const returnA = order({ id: 130, delivered_at: YESTERDAY_LATE, units_out: 3, date_from: '2027-01-14' });
    const done = order({ id: 140, delivered_at: MORNING, units_out: 0 });
    const board = classifyBoard([lateQueue, prepareB, deliveredEarly, returnB, done, earlyQueue, prepareA, deliveredLate, returnA, sameTimeQueue], TODAY);
    const ids = (column: keyof typeof board) => board[column].map((o) => o.id);
    expect(ids('queue')).toEqual([100, 102, 101]);
    expect(ids('prepare')).toEqual([110, 111]);
    expect(ids('delivered')).toEqual([121, 120]);
    expect(ids('returns')).toEqual([130, 131]);
  });

  it('answers every column, empty ones included, in display order', () => {
    const board = classifyBoard([], TODAY);
    expect(Object.keys(board)).toEqual([...BOARD_COLUMNS]);
    expect(BOARD_COLUMNS).toEqual(['queue', 'prepare', 'delivered', 'returns']);
    for (const column of BOARD_COLUMNS) expect(board[column]).toEqual([]);
  });
});

describe('names and times on the wall', () => {
  it('keeps only the initial of the last name', () => {
    expect(lastInitial('Rossi')).toBe('R.');
    expect(lastInitial(' de Rossi')).toBe('D.');
    expect(lastInitial('Ødegaard')).toBe('Ø.');
    expect(lastInitial('')).toBe('');
    expect(lastInitial(null)).toBe('');
    expect(lastInitial(undefined)).toBe('');
  });

  it('writes a customer as first name and initial', () => {
    expect(boardName({ first_name: 'Giulia ', last_initial: 'V.' })).toBe('Giulia V.');
    expect(boardName({ first_name: 'Giulia', last_initial: '' })).toBe('Giulia');
  });

  it('splits an order number so the part people say stands out', () => {
    expect(numberParts('06-0000042')).toEqual({ lead: '06-00000', tail: '42' });
    expect(numberParts('06-1234567')).toEqual({ lead: '06-', tail: '1234567' });
    expect(numberParts('06-0000000')).toEqual({ lead: '06-000000', tail: '0' });
    expect(numberParts('A-B')).toEqual({ lead: '', tail: 'A-B' });
  });

  it("shows times on the shop's clock", () => {
    expect(romeTime(MORNING)).toBe('09:30');
    expect(romeTime(new Date(JUST_AFTER_MIDNIGHT))).toBe('00:30');
    expect(romeTime('2027-07-15T10:05:00.000Z')).toBe('12:05');
  });
});
