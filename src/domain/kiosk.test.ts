import { describe, expect, it } from 'vitest';
import { TotemTypes, documentsRequired, isTotemMode, totemRole } from './kiosk';

describe('totemRole', () => {
  it.each([
    [10, { isAdmin: false, isCashDesk: false, canSeeOrdersChip: false }], // public kiosk
    [20, { isAdmin: true, isCashDesk: false, canSeeOrdersChip: true }], // totem admin
    [30, { isAdmin: true, isCashDesk: true, canSeeOrdersChip: true }], // admin + cash desk
    [null, { isAdmin: false, isCashDesk: false, canSeeOrdersChip: false }], // no totem
    [undefined, { isAdmin: false, isCashDesk: false, canSeeOrdersChip: false }],
  ])('type %s → %j', (type, expected) => {
    expect(totemRole(type)).toEqual(expected);
  });

  it('kiosk mode whenever a totem exists', () => {
    expect(isTotemMode({ type: 10 })).toBe(true);
    expect(isTotemMode(null)).toBe(false);
    expect(TotemTypes).toEqual({ PUBLIC: 10, ADMIN: 20, ADMIN_CASH_DESK: 30 });
  });
});

describe('documentsRequired', () => {
  it.each([
    [null, false], // online: not asked here
    [{ data_security_user_optional: false }, true],
    [{ data_security_user_optional: true }, false],
  ])('%j → %s', (totem, expected) => {
    expect(documentsRequired(totem)).toBe(expected);
  });
});
