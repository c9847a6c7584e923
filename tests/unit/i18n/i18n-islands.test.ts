// The browser gets only ISLAND_SECTIONS of its locale's messages (src/i18n/islands-messages-plugin.mjs).
// A key of any other section would show as the raw key once an island hydrates, so every section
// client code translates must be in the list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import it_ from '~i18n/it.json';
import en from '~i18n/en.json';
import fr from '~i18n/fr.json';
import { CUSTOMER_PAGE_SECTIONS, CUSTOMER_SECTIONS, ISLAND_SECTIONS, KIOSK_SECTIONS, islandsMessages, LEFT_OUT } from '~/i18n/islands-messages-plugin.mjs';
import { importTarget } from '~tests/support/import-paths';
import { KIOSK_ONLY_ISLANDS, LOCAL_IMPORT } from './page-code';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const itFile = path.join(root, 'i18n/it.json');

// Code that runs in the browser: the islands and what they import. `.astro` files (trail stats,
// elevation profile) render at build time with the whole files, so they are not scanned.
const CLIENT_DIRS = ['src/components', 'src/features', 'src/stores', 'src/api', 'src/domain', 'src/scripts'];
const CLIENT_FILE = /(?<!\.test)\.(tsx?|jsx?|mjs)$/;
// t('section.…'), t(`section.${x}`) and domain messages such as { key: 'validators.required' }.
const KEY_USE = /(?:\bt\(|\bkey:)\s*['"`]([A-Za-z]\w*)\./g;

function clientFiles(): string[] {
  return CLIENT_DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => CLIENT_FILE.test(f))
      .map((f) => path.join(dir, f)),
  );
}

/** Section → files using it; only names that are sections of it.json (not `key: 'a.b'` of something else). */
function usedSections(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of clientFiles()) {
    for (const [, section] of readFileSync(path.join(root, file), 'utf8').matchAll(KEY_USE)) {
      if (!(section! in it_)) continue;
      used.set(section!, [...new Set([...(used.get(section!) ?? []), file])]);
    }
  }
  return used;
}

type Load = (this: { addWatchFile(file: string): void }, id: string) => Promise<string | null>;
const load = islandsMessages().load as Load;
const context = { addWatchFile: () => {} };

describe('island sections', () => {
  it('the scan finds the sections islands are known to use', () => {
    // Guards the scan itself: a broken pattern would find nothing and pass everything.
    expect([...usedSections().keys()]).toEqual(expect.arrayContaining(['validators', 'dates', 'calendar', 'checkout', 'order']));
  });

  it('lists every section client code translates', () => {
    const missing = [...usedSections()].filter(([section]) => !ISLAND_SECTIONS.includes(section));
    expect(missing.map(([section, files]) => `${section} (${files.join(', ')})`)).toEqual([]);
  });

  it.each(Object.entries({ it: it_, en, fr }))('every listed section exists in %s.json', (_, messages) => {
    expect(ISLAND_SECTIONS.filter((s) => !(s in messages))).toEqual([]);
  });
});

describe('islands-messages plugin', () => {
  it('serves i18n/it.json?islands with exactly the listed sections, unchanged', async () => {
    const served = JSON.parse((await load.call(context, `${itFile}?islands`))!);
    expect(Object.keys(served).sort()).toEqual([...ISLAND_SECTIONS].sort());
    for (const s of ISLAND_SECTIONS) expect(served[s]).toEqual((it_ as Record<string, unknown>)[s]);
  });

  it('leaves other imports alone (the build-time import keeps the whole file)', async () => {
    expect(await load.call(context, itFile)).toBeNull();
    expect(await load.call(context, path.join(root, 'src/i18n/client.ts?islands'))).toBeNull();
  });
});

// A customer's page gets its own list (`?customer-page=<name>`, src/i18n/customer-messages.ts), never
// a kiosk section. A kiosk key in code a customer's page runs would show as the raw key.
const ASTRO_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]((?:\.[^'"]*|~)\/(?:features|components)\/[^'"]+)['"]/g;
/** A kiosk's own pages: under /totem, in TotemLayout, or sized for a kiosk (`kiosk-page`, the pairing page). */
const isKioskPage = (file: string, text: string) => /\/totem\/|TotemLayout\.astro$/.test(file) || /bodyClass="kiosk-page"/.test(text);
/**
 * Customer code that translates kiosk keys in a branch shown only on a kiosk: the keys it may use,
 * each listed (a new kiosk key there fails until it is added here, with a look at where it shows),
 * and why.
 */
const KIOSK_ONLY_BRANCHES: Record<string, { keys: string[]; why: string }> = {
  'src/features/customer/checkout/CheckoutConfirmation.tsx': {
    keys: ['kiosk.changes.backToDesk', 'kiosk.placed.payAtDesk', 'kiosk.placed.resets', 'kiosk.placed.done'],
    why: 'its kiosk lines show only in totem mode (pay at the desk, back to the desk)',
  },
  'src/features/customer/checkout/CheckoutForm.tsx': {
    keys: ['kiosk.camera.legend'],
    why: 'the camera (its loading line) takes the documents field only on a public kiosk (needsDocuments, a totem)',
  },
  'src/features/customer/checkout/CheckoutCamera.tsx': {
    keys: ['kiosk.camera.legend', 'kiosk.camera.instruction', 'kiosk.camera.preview', 'kiosk.camera.remove', 'kiosk.camera.retake', 'kiosk.camera.take', 'kiosk.camera.atDesk', 'kiosk.camera.atDeskHelp'],
    why: 'CheckoutForm loads it on a public kiosk only, where the kiosk has its own messages',
  },
};

// The whole key as written: t('kiosk.placed.done'), key: 'a.b', a template `kiosk.${x}` as it is.
const FULL_KEY_USE = /(?:\bt\(|\bkey:)\s*(['"`])([A-Za-z]\w*\.[^'"`]*)\1/g;

/** The kiosk-section keys `file` translates, whole, in order of appearance. */
function kioskKeysIn(file: string): string[] {
  return [...readFileSync(path.join(root, file), 'utf8').matchAll(FULL_KEY_USE)]
    .map(([, , key]) => key!)
    .filter((key) => KIOSK_SECTIONS.includes(key.split('.')[0]!));
}

function resolveSource(from: string, spec: string): string | undefined {
  const base = importTarget(path.join(root, from), spec);
  return ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(path.join(root, f)) && !f.endsWith('.css') && !f.endsWith('.json'));
}

/** Client files (relative to the root) that pages other than the kiosk's load, statically or lazily. */
function customerPageCode(): Set<string> {
  const astroFiles = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.astro'))
    .map((f) => path.join('src', f));
  const queue: string[] = [];
  for (const file of astroFiles) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (isKioskPage(file, text)) continue;
    for (const [, spec] of text.matchAll(ASTRO_IMPORT)) {
      const found = resolveSource(file, spec!);
      if (found) queue.push(found);
    }
  }
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || file in KIOSK_ONLY_ISLANDS) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(path.join(root, file), 'utf8').matchAll(LOCAL_IMPORT)) {
      const found = resolveSource(file, spec!);
      if (found && CLIENT_FILE.test(found)) queue.push(found);
    }
  }
  return seen;
}

describe('kiosk sections', () => {
  it("no customer page's list holds a kiosk section", () => {
    expect(KIOSK_SECTIONS.every((s) => ISLAND_SECTIONS.includes(s))).toBe(true);
    expect([...CUSTOMER_SECTIONS].sort()).toEqual(ISLAND_SECTIONS.filter((s) => !KIOSK_SECTIONS.includes(s)).sort());
    const kioskPaths = Object.entries(CUSTOMER_PAGE_SECTIONS).flatMap(([name, sections]) => sections.filter((s) => !CUSTOMER_SECTIONS.includes(s.replace(LEFT_OUT, '').split('.')[0]!)).map((s) => `${name}: ${s}`));
    expect(kioskPaths).toEqual([]);
  });

  it('the scan of customer pages reaches their islands, and not the kiosk screens', () => {
    const code = customerPageCode();
    expect([...code]).toEqual(expect.arrayContaining(['src/features/customer/checkout/Checkout.tsx', 'src/features/customer/shell/LoginDialog.tsx', 'src/i18n/client.ts']));
    expect(code.has('src/features/kiosk/cash-desk/CashDesk.tsx')).toBe(false);
  });

  it("code a customer's page runs translates kiosk sections only where it shows on a kiosk", () => {
    const code = customerPageCode();
    const offending = [...code].flatMap((file) =>
      kioskKeysIn(file)
        .filter((key) => !KIOSK_ONLY_BRANCHES[file]?.keys.includes(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(offending).toEqual([]);
  });

  it.each(Object.entries(KIOSK_ONLY_BRANCHES))('the kiosk keys allowed in %s are the ones it uses', (file, { keys }) => {
    // A key removed from the file is removed from the list, so the exemption never outgrows the code.
    expect([...new Set(kioskKeysIn(file))].sort()).toEqual([...keys].sort());
  });
});
