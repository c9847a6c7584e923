import { describe, expect, it } from 'vitest';
import * as domain from './index';

// Teammates import these names from src/domain; removing or renaming one breaks them.
describe('src/domain public surface', () => {
  it.each([
    'normalizeDates',
    'areDatesValid',
    'rentDays',
    'todayInRome',
    'toRomeDay',
    'addDays',
    'isPastDay',
    'datesChipText',
    'selectPrice',
    'offeredAddOns',
    'productTotal',
    'cartTotal',
    'sendableCouponCodes',
    'cartItemCount',
    'availableCount',
    'emptyCart',
    'clearCart',
    'removeMedia',
    'withFrontMedia',
    'frontMedia',
    'visibleCategories',
    'locationSites',
    'locationText',
    'uniqueSports',
    'productRequiresCustomerInfo',
    'required',
    'minLength',
    'maxLength',
    'quantity',
    'number',
    'requiredNumber',
    'email',
    'equal',
    'delta',
    'deltaRange',
    'fileSize',
    'toFormValidate',
    'isSafeRedirect',
    'formatCurrency',
    'formatDecimal',
    'formatDate',
    'formatDateTime',
    'formatKm',
    'formatMetres',
    'capitalize',
    'buildOrderFormData',
    'buildOrderEditFormData',
    'orderDetailPools',
    'extraSpecificProducts',
    'shopRequestParams',
    'receiptItems',
    'receiptDiscount',
    'terminalDate',
    'totemRole',
    'tapCounter',
    'shouldReloadToday',
    'slugify',
    'parseGpx',
    'gpxStats',
  ])('exports function %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the constants', () => {
    expect(domain.TerminalOperation).toEqual({ PAY: 10, RECEIPT: 20, PRINT: 30, CLOSE_CASHIER: 40 });
    expect(domain.QUANTITY_TOLERANCE).toBe(0.2);
    expect(domain.MAX_UPLOAD_BYTES).toBe(8 * 1024 * 1024);
    expect(domain.FAKE_POS_DELAY_MS).toBe(2000);
    expect(domain.TIMEZONE).toBe('Europe/Rome');
    expect(domain.LANGUAGE_COOKIE_KEY).toBe('i18n_redirected');
    expect(domain.LANGUAGE_COOKIE_DAYS).toBe(365);
    expect(domain.NOTIFICATION_TIMEOUT_MS).toEqual({ info: 3000, success: 5000, warning: 6000, error: 8000 });
    expect(domain.DATE_MODES).toEqual([0, 1, 2, 3, 20]);
  });
});
