// A customer's page loads only the messages its islands translate: `?customer-page=<name>`,
// CUSTOMER_PAGE_SECTIONS of src/i18n/islands-messages-plugin.mjs, the list the page names in its
// shell's `messages` prop (`page`, the layout's, when it names none; src/i18n/customer-messages.ts
// picks it from `<body data-messages>`). A key left out would show as the raw key, so every key that
// code a page loads (its islands, its shell's and layout's, at once or on first use) must be in its list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import it_ from '~i18n/it.json';
import { CUSTOMER_PAGE_SECTIONS, CUSTOMER_SECTIONS, islandsMessages } from '~/i18n/islands-messages-plugin.mjs';
import { customerPageMessages } from '~/i18n/customer-messages';
import { covers, KIOSK_ONLY_ISLANDS, reachableCode, root, unknownPaths, usedSections } from './page-code';

type ListName = keyof typeof CUSTOMER_PAGE_SECTIONS;
const itFile = path.join(root, 'i18n/it.json');
/** The wrapper of every island: its code runs on every page. */
const ISLAND_CLIENT = 'src/scripts/react-island-client.ts';
/** A kiosk's own pages (kiosk-page-messages.test.ts): under /totem, or sized for a kiosk, which loads every island section. */
const isKioskPage = (file: string, text: string) => /\/totem\//.test(file) || /TotemLayout\.astro/.test(text) || /bodyClass="kiosk-page"/.test(text);
const MESSAGES_PROP = /\bmessages="([\w-]+)"/;

/** Every customer page file with the list it names (`page` when none). */
const PAGES: [file: string, list: ListName][] = readdirSync(path.join(root, 'src/pages'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.astro'))
  .map((f) => path.join('src/pages', f))
  .flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return isKioskPage(file, text) ? [] : [[file, customerPageMessages(MESSAGES_PROP.exec(text)?.[1])] as [string, ListName]];
  });

const pageCode = (file: string) => reachableCode([file, ISLAND_CLIENT], { throughAstro: true, skip: new Set(Object.keys(KIOSK_ONLY_ISLANDS)) });

describe('customer page messages', () => {
  it('a page names only a known list', () => {
    const named = PAGES.flatMap(([file]) => {
      const name = MESSAGES_PROP.exec(readFileSync(path.join(root, file), 'utf8'))?.[1];
      return name === undefined || name in CUSTOMER_PAGE_SECTIONS ? [] : [`${file}: ${name}`];
    });
    expect(named).toEqual([]);
  });

  it('every list is some page’s', () => {
    expect(Object.keys(CUSTOMER_PAGE_SECTIONS).filter((name) => !PAGES.some(([, list]) => list === name))).toEqual([]);
  });

  it('the scan reaches the page’s island, its shell’s and layout’s, and what they load on first use, not the other steps', () => {
    const code = pageCode('src/pages/[...lang]/prenota/[shop]/calendar.astro');
    expect([...code]).toEqual(
      expect.arrayContaining([
        'src/features/customer/booking/Calendar.tsx',
        'src/features/customer/shell/AppBarControls.tsx',
        'src/features/customer/shell/LoginDialog.tsx',
        'src/features/customer/shell/LoginLive.tsx',
        'src/components/ui/Snackbar.tsx',
      ]),
    );
    expect(code.has('src/features/customer/checkout/Checkout.tsx')).toBe(false);
    expect(code.has('src/features/customer/booking/ShopBooking.tsx')).toBe(false);
    expect(code.has('src/features/kiosk/shared/KioskFooter.tsx')).toBe(false);
    // Guards the key scan itself: a broken pattern would find nothing and pass every list.
    const used = [...usedSections(code).keys()];
    expect(used).toEqual(expect.arrayContaining(['calendar.modes', 'login.submit', 'appBar.changeDates']));
    for (const group of ['validators', 'errors', 'dates']) expect(used.some((name) => covers([group], name)), group).toBe(true);
  });

  it.each(PAGES)('%s (%s): its list holds every key its code uses', (file, list) => {
    const sections = CUSTOMER_PAGE_SECTIONS[list];
    // Kiosk keys show only on a kiosk, which loads its own messages (i18n-islands.test.ts lists where).
    const customer = [...usedSections(pageCode(file))].filter(([used]) => CUSTOMER_SECTIONS.includes(used.split('.')[0]!));
    const missing = customer.filter(([used]) => !covers(sections, used));
    expect(missing.map(([used, where]) => `${used}: ${where}`)).toEqual([]);
  });

  it.each(Object.entries(CUSTOMER_PAGE_SECTIONS))('%s: its list names only sections and keys that exist', (_, sections) => {
    expect(unknownPaths(sections)).toEqual([]);
  });

  it('serves i18n/it.json?customer-page=order with its sections and the keys it names, plural forms included', async () => {
    type Load = (this: { addWatchFile(file: string): void }, id: string) => Promise<string | null>;
    const load = islandsMessages().load as Load;
    const served = JSON.parse((await load.call({ addWatchFile: () => {} }, `${itFile}?customer-page=order`))!);
    // The order's words but the confirmation's, which only the confirmation page shows (`!order.confirmation`).
    const { confirmation, ...order } = it_.order;
    expect(confirmation).toBeDefined();
    expect(served.order).toEqual(order);
    expect(served.checkout).toEqual({ discounts: it_.checkout.discounts, documentsHelp: it_.checkout.documentsHelp, total: it_.checkout.total });
    expect(served.calendar).toBeUndefined();
    const calendar = JSON.parse((await load.call({ addWatchFile: () => {} }, `${itFile}?customer-page=booking`))!).calendar;
    // The booking page shows the calendar in place while it has no dates: the whole section.
    expect(calendar).toEqual(it_.calendar);
    const booking = JSON.parse((await load.call({ addWatchFile: () => {} }, `${itFile}?customer-page=calendar`))!).booking;
    expect(booking).toEqual({ loading: it_.booking.loading, cartBar: it_.booking.cartBar });
    expect(await load.call({ addWatchFile: () => {} }, `${itFile}?customer-page=nowhere`)).toBeNull();
  });

  it('a page naming no list, or one not known, gets the layout’s', () => {
    expect(customerPageMessages(undefined)).toBe('page');
    expect(customerPageMessages('nowhere')).toBe('page');
    expect(customerPageMessages('toString')).toBe('page');
    expect(customerPageMessages('order')).toBe('order');
  });
});
