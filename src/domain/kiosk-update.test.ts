import { describe, expect, it } from 'vitest';
import { closeInFlight, holdsWork, readyForUpdate } from './kiosk-update';

describe('readyForUpdate', () => {
  const idle = { workInFlight: false, dialogOpen: false, lastInputAt: 0, now: 60_000, idleMs: 60_000 };

  it('is ready once nothing is in flight, no dialog is open and nobody touched the kiosk for the window', () => {
    expect(readyForUpdate(idle)).toBe(true);
  });

  it('waits for work in flight, an open dialog, or a recent touch', () => {
    expect(readyForUpdate({ ...idle, workInFlight: true })).toBe(false);
    expect(readyForUpdate({ ...idle, dialogOpen: true })).toBe(false);
    expect(readyForUpdate({ ...idle, now: 59_999 })).toBe(false);
  });
});

describe('holdsWork', () => {
  it('reads a persisted record or list as work when it holds anything', () => {
    expect(holdsWork('{"a1":{"stage":"charging"}}')).toBe(true);
    expect(holdsWork('[{"id":"x"}]')).toBe(true);
    expect(holdsWork('{}')).toBe(false);
    expect(holdsWork('[]')).toBe(false);
    expect(holdsWork(null)).toBe(false);
    expect(holdsWork('not json')).toBe(false);
  });
});

describe('closeInFlight', () => {
  it('is the close asking the terminal or holding an unrecorded report, not one idle, done or failed', () => {
    expect(closeInFlight('{"step":"terminal"}')).toBe(true);
    expect(closeInFlight('{"step":"unrecorded"}')).toBe(true);
    for (const step of ['idle', 'done', 'failed']) expect(closeInFlight(JSON.stringify({ step }))).toBe(false);
    expect(closeInFlight(null)).toBe(false);
  });
});
