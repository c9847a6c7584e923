// The islands' small `t` (src/i18n/translate.ts) must write exactly what i18next writes (static
// pages and the server use it): every key of every island section, in every locale, with its
// placeholders filled and plural counts that reach each form.
import { describe, expect, it } from 'vitest';
import it_ from '~i18n/it.json';
import en from '~i18n/en.json';
import fr from '~i18n/fr.json';
import { createT } from '~/i18n/i18next';
import { createIslandT } from '~/i18n/translate';
import { ISLAND_SECTIONS, pickIslandSections } from '~/i18n/islands-messages-plugin.mjs';

type Messages = Record<string, unknown>;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1_000_000, 1.5];

/** Leaf keys (plural forms folded into their base key) with the placeholders their texts use. */
function keysOf(messages: Messages, prefix = ''): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const [k, v] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') {
      for (const [key, names] of keysOf(v as Messages, path)) keys.set(key, names);
      continue;
    }
    const base = path.replace(PLURAL_SUFFIX, '');
    const names = keys.get(base) ?? new Set<string>();
    for (const [, name] of String(v).matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) names.add(name!);
    keys.set(base, names);
  }
  return keys;
}

describe.each(Object.entries({ it: it_, en, fr }))('islands t = i18next t (%s)', (locale, all) => {
  const messages = pickIslandSections(all as Messages);
  const island = createIslandT(locale as 'it', messages);
  const reference = createT(locale as 'it', messages);
  const keys = keysOf(messages);

  it('covers every island section', () => {
    const sections = new Set([...keys.keys()].map((k) => k.split('.')[0]));
    expect([...sections].sort()).toEqual(ISLAND_SECTIONS.filter((s) => s in (all as Messages)).sort());
    expect(keys.size).toBeGreaterThan(100);
  });

  it('every key, with its placeholders and each plural count', () => {
    const differences: string[] = [];
    for (const [key, names] of keys) {
      const params = Object.fromEntries([...names].map((n) => [n, `<${n}>`]));
      const variants: Record<string, unknown>[] = [{}, params, ...COUNTS.map((count) => ({ ...params, count }))];
      for (const options of variants) {
        const got = island(key, options);
        const want = reference(key, options);
        if (got !== want) differences.push(`${key} ${JSON.stringify(options)}: "${got}" ≠ "${want}"`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('a missing key, a default value, a placeholder not passed or passed empty', () => {
    for (const [key, options] of [
      ['nothing.here', {}],
      ['nothing.here', { defaultValue: 'Fallback {{x}}', x: 1 }],
      ['booking.customer.levels.unknown', { defaultValue: 'unknown' }],
      ['dates.single', {}],
      ['dates.single', { date: undefined }],
      ['dates.single', { date: null }],
      ['dates.single', { date: 0 }],
    ] as const) {
      expect(island(key, options)).toBe(reference(key, options));
    }
  });
});
