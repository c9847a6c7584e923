// The browser gets only ISLAND_SECTIONS of its locale's messages (src/i18n/islands-messages-plugin.mjs).
// A key of any other section would show as the raw key once an island hydrates, so every section
// client code translates must be in the list.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import it_ from '../../i18n/it.json';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { ISLAND_SECTIONS, islandsMessages } from '../../src/i18n/islands-messages-plugin.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const itFile = path.join(root, 'i18n/it.json');

// Code that runs in the browser: the islands and what they import. `.astro` files (trail stats,
// elevation profile) render at build time with the whole files, so they are not scanned.
const CLIENT_DIRS = ['src/components/islands', 'src/components/trails', 'src/stores', 'src/api', 'src/domain', 'src/scripts'];
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
