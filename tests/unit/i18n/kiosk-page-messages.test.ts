// A kiosk page (/totem/<name>) loads only the messages its islands translate: `?kiosk-page=<name>`,
// KIOSK_PAGE_SECTIONS of src/i18n/islands-messages-plugin.mjs (src/i18n/kiosk-messages.ts picks it). A key
// left out would show as the raw key, so every key that code a kiosk page loads (the page's screen,
// the totem layout's islands and scripts, at once or on first use) must be in its page's list.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import it_ from '../../../i18n/it.json';
import { ISLAND_SECTIONS, KIOSK_PAGE_SECTIONS, islandsMessages, pickIslandSections } from '../../../src/i18n/islands-messages-plugin.mjs';
import { kioskPageName } from '../../../src/i18n/kiosk-messages';
import { TotemPages, totemPageOf, type TotemPage } from '../../../src/domain/kiosk';
import { localizePath, splitLocale } from '../../../src/i18n/index';
import { LOCALES } from '../../../src/domain/locales';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const itFile = path.join(root, 'i18n/it.json');
const PAGES = Object.values(TotemPages);
/** A page's name in the query, as the plugin's list is keyed. */
const nameOf = (page: TotemPage) => kioskPageName(page)!;

/** What every kiosk page loads besides its screen: the layout, and the wrapper of every island. */
const LAYOUT_ENTRIES = ['src/layouts/TotemLayout.astro', 'src/scripts/react-island-client.ts'];
// `import x from '…'`, `import '…'`, `import('…')`, `export … from '…'`: static and lazy alike.
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const CODE = /\.(tsx?|jsx?|mjs|astro)$/;

function pageFile(page: TotemPage): string {
  const base = path.join('src/pages/[...lang]', page);
  return [`${base}.astro`, `${base}/index.astro`].find((f) => existsSync(path.join(root, f)))!;
}

function resolveSource(from: string, spec: string): string | undefined {
  const base = path.join(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts'].map((ext) => base + ext).find((f) => CODE.test(f) && existsSync(path.join(root, f)));
}

/** Source files (relative to the root) a kiosk page's browser code reaches; `.astro` files only as starts. */
function kioskPageCode(page: TotemPage): Set<string> {
  const queue = [pageFile(page), ...LAYOUT_ENTRIES];
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(path.join(root, file), 'utf8').matchAll(RELATIVE_IMPORT)) {
      const found = resolveSource(file, spec!);
      // Astro components render on the server: their frontmatter's i18n is the whole file's.
      if (found && !found.endsWith('.astro')) queue.push(found);
    }
  }
  return seen;
}

// Any string that starts like a key, wherever it is written (t('…'), { key: '…' }, a constant, a
// template's fixed start): wider than the calls, so a key kept in a variable is found too.
const KEY_LITERAL = /['"`]([A-Za-z]\w*\.[\w.]*)/g;

/** `section` or `kiosk.<part>` (the granularity of KIOSK_PAGE_SECTIONS) of each key the files use. */
function usedSections(files: Iterable<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    if (file.endsWith('.astro')) continue;
    for (const [, key] of readFileSync(path.join(root, file), 'utf8').matchAll(KEY_LITERAL)) {
      const [section, part] = key!.split('.');
      if (!ISLAND_SECTIONS.includes(section!)) continue;
      const messages = (it_ as Record<string, Record<string, unknown>>)[section!]!;
      const name = section === 'kiosk' && part && part in messages ? `kiosk.${part}` : section!;
      if (!used.has(name)) used.set(name, `${file} (${key})`);
    }
  }
  return used;
}

const covers = (sections: readonly string[], used: string) => sections.includes(used) || sections.includes(used.split('.')[0]!);

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
    expect([...usedSections(code).keys()]).toEqual(expect.arrayContaining(['kiosk.cashDesk', 'kiosk.footer', 'validators', 'errors']));
  });

  it.each(PAGES)('%s: its list holds every key its code uses', (page) => {
    const sections = KIOSK_PAGE_SECTIONS[nameOf(page)]!;
    const missing = [...usedSections(kioskPageCode(page))].filter(([used]) => !covers(sections, used));
    expect(missing.map(([used, where]) => `${used}: ${where}`)).toEqual([]);
  });

  it.each(PAGES)('%s: its list names only sections and parts that exist', (page) => {
    const sections = KIOSK_PAGE_SECTIONS[nameOf(page)]!;
    const served = pickIslandSections(it_ as Record<string, unknown>, sections);
    const found = sections.filter((s) => {
      const [section, part] = s.split('.');
      return part === undefined ? section! in served : part in ((served[section!] ?? {}) as object);
    });
    expect(found).toEqual(sections);
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
