// A kiosk page (/totem/<name>) loads only the messages its islands translate: `?kiosk-page=<name>`,
// KIOSK_PAGE_SECTIONS of src/i18n/islands-messages-plugin.mjs (src/i18n/kiosk-messages.ts picks it). A key
// left out would show as the raw key, so every key that code a kiosk page loads (the page's screen,
// the totem layout's islands and scripts, at once or on first use) must be in its page's list.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import it_ from '~i18n/it.json';
import { KIOSK_PAGE_SECTIONS, islandsMessages } from '~/i18n/islands-messages-plugin.mjs';
import { kioskPageName } from '~/i18n/kiosk-messages';
import { TotemPages, type TotemPage } from '~/domain/kiosk';
import { totemPageOf } from '~/domain/kiosk-screens';
import { localizePath, splitLocale } from '~/i18n/index';
import { LOCALES } from '~/domain/locales';
import { covers, reachableCode, root, unknownPaths, usedSections } from './page-code';

const itFile = path.join(root, 'i18n/it.json');
const PAGES = Object.values(TotemPages);
/** A page's name in the query, as the plugin's list is keyed. */
const nameOf = (page: TotemPage) => kioskPageName(page)!;

/** What every kiosk page loads besides its screen: the layout, and the wrapper of every island. */
const LAYOUT_ENTRIES = ['src/layouts/TotemLayout.astro', 'src/scripts/react-island-client.ts'];

function pageFile(page: TotemPage): string {
  const base = path.join('src/pages/[...lang]', page);
  return [`${base}.astro`, `${base}/index.astro`].find((f) => existsSync(path.join(root, f)))!;
}

/** Source files (relative to the root) a kiosk page's browser code reaches; `.astro` files only as starts. */
const kioskPageCode = (page: TotemPage) => reachableCode([pageFile(page), ...LAYOUT_ENTRIES]);

describe('kiosk page messages', () => {
  it('every kiosk page has its list, and only they do', () => {
    expect(Object.keys(KIOSK_PAGE_SECTIONS).sort()).toEqual(PAGES.map(nameOf).sort());
  });

  it("knows a kiosk page from its address as domain/kiosk's totemPageOf does, in every language", () => {
    const paths = [...PAGES, `${TotemPages.CASH_DESK}/0b7c1f0e-5d6a-4c1e-9a43-6f0d2a1b9c8e`, '/', '/prenota/sport-noleggio-sestriere/', '/pair', '/totem', '/totem/nowhere'];
    for (const locale of LOCALES) {
      for (const page of paths) {
        const address = localizePath(locale, page) + '/';
        const expected = totemPageOf(splitLocale(address).path);
        expect(kioskPageName(address), address).toBe(expected && expected.slice('/totem/'.length));
      }
    }
  });

  it('the scan reaches the screen, the layout and what they load on first use', () => {
    const code = kioskPageCode(TotemPages.CASH_DESK);
    expect([...code]).toEqual(
      expect.arrayContaining([
        'src/features/kiosk/cash-desk/CashDesk.tsx',
        'src/features/kiosk/shared/KioskFooter.tsx',
        'src/features/customer/shell/StaffBarControls.tsx',
        'src/features/kiosk/public-kiosk/public-kiosk-mode.ts',
      ]),
    );
    expect(code.has('src/features/kiosk/counter/Delivery.tsx')).toBe(false);
    // Guards the key scan itself: a broken pattern would find nothing and pass every list.
    const used = [...usedSections(code).keys()];
    for (const group of ['kiosk.cashDesk', 'kiosk.footer', 'validators', 'errors']) expect(used.some((name) => covers([group], name)), group).toBe(true);
  });

  it.each(PAGES)('%s: its list holds every key its code uses', (page) => {
    const sections = KIOSK_PAGE_SECTIONS[nameOf(page)]!;
    const missing = [...usedSections(kioskPageCode(page))].filter(([used]) => !covers(sections, used));
    expect(missing.map(([used, where]) => `${used}: ${where}`)).toEqual([]);
  });

  it.each(PAGES)('%s: its list names only sections and parts that exist', (page) => {
    expect(unknownPaths(KIOSK_PAGE_SECTIONS[nameOf(page)]!)).toEqual([]);
  });

  it('serves i18n/it.json?kiosk-page=pickup with its sections and the kiosk parts it names, unchanged', async () => {
    type Load = (this: { addWatchFile(file: string): void }, id: string) => Promise<string | null>;
    const load = islandsMessages().load as Load;
    const served = JSON.parse((await load.call({ addWatchFile: () => {} }, `${itFile}?kiosk-page=pickup`))!);
    expect(served.validators).toEqual(it_.validators);
    expect(served.kiosk.pickup).toEqual(it_.kiosk.pickup);
    expect(served.kiosk.cashDesk).toBeUndefined();
    expect(served.calendar).toBeUndefined();
    expect(Object.keys(served.kiosk).sort()).toEqual(KIOSK_PAGE_SECTIONS.pickup!.filter((s) => s.startsWith('kiosk.')).map((s) => s.slice('kiosk.'.length)).sort());
    expect(await load.call({ addWatchFile: () => {} }, `${itFile}?kiosk-page=nowhere`)).toBeNull();
  });
});
