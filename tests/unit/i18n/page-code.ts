// What the page-messages tests share (kiosk-page-messages.test.ts, customer-page-messages.test.ts):
// the source files a page's browser code reaches, and the keys they use, at the granularity of the
// plugin's lists (src/i18n/islands-messages-plugin.mjs): a section, or one key of it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import it_ from '~i18n/it.json';
import { ISLAND_SECTIONS, keysOfPath, LEFT_OUT } from '~/i18n/islands-messages-plugin.mjs';
import { importTarget } from '~tests/support/import-paths';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

// `import x from '…'`, `import '…'`, `import('…')`, `export … from '…'`: static and lazy alike, of
// the project's own files, by path ('./x', '../x') or by name ('~/domain/x': tsconfig.json "paths").
export const LOCAL_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]((?:\.{1,2}|~[\w-]*)\/[^'"]+)['"]/g;
const CODE = /\.(tsx?|jsx?|mjs|astro)$/;
// `import type …` and `export type …`: erased from the browser's code.
const TYPE_ONLY = /\b(?:import|export)\s+type\s[^;'"]*?from\s*['"][^'"]+['"]/g;

function resolveSource(from: string, spec: string): string | undefined {
  const base = importTarget(path.join(root, from), spec);
  return ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts'].map((ext) => base + ext).find((f) => CODE.test(f) && existsSync(path.join(root, f)));
}

/**
 * Source files (relative to the root) reached from `starts`. `throughAstro`: follow the imports of
 * `.astro` components reached (shells, layouts, the app bar) too; otherwise they are only starts.
 * `skip`: files not followed (islands a page carries but mounts elsewhere).
 */
export function reachableCode(starts: readonly string[], { throughAstro = false, skip = new Set<string>() } = {}): Set<string> {
  const queue = [...starts];
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(path.join(root, file), 'utf8').replace(TYPE_ONLY, '').matchAll(LOCAL_IMPORT)) {
      const found = resolveSource(file, spec!);
      if (found && (throughAstro || !found.endsWith('.astro'))) queue.push(found);
    }
  }
  return seen;
}

// Any string that starts like a key, wherever it is written (t('…'), { key: '…' }, a constant, a
// template's fixed start): wider than the calls, so a key kept in a variable is found too.
const KEY_LITERAL = /['"`]([A-Za-z]\w*\.[\w.]*)/g;
const messages = it_ as Record<string, unknown>;

/**
 * The path of each key the files use, as deep as it leads to a key of it.json (`order.title`,
 * `account.profile.documentAdded`; a key's plural forms are found too), or the deepest part of it
 * that does (`order.statuses` for a template's start such as `order.statuses.${x}`, `booking` for
 * `booking.${x}`). `.astro` files render on the server with the whole files: not the islands' keys.
 */
export function usedSections(files: Iterable<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    if (file.endsWith('.astro')) continue;
    for (const [, key] of readFileSync(path.join(root, file), 'utf8').matchAll(KEY_LITERAL)) {
      const names = key!.split('.').filter(Boolean);
      if (!ISLAND_SECTIONS.includes(names[0]!)) continue;
      let depth = names.length;
      while (depth > 1 && keysOfPath(messages, names.slice(0, depth).join('.')).length === 0) depth--;
      const name = names.slice(0, depth).join('.');
      if (!used.has(name)) used.set(name, `${file} (${key})`);
    }
  }
  return used;
}

/** Lazy islands every customer page carries but mounts only on a kiosk: they and what they import are kiosk code. */
export const KIOSK_ONLY_ISLANDS: Record<string, string> = {
  'src/features/kiosk/shared/KioskFooter.tsx': 'KioskFooterSlot mounts it only when a totem is configured (html.totem)',
  'src/features/kiosk/public-kiosk/public-kiosk-mode.ts': 'scripts/kiosk-page.ts (itself fetched on kiosks only) imports it on a public kiosk only',
};

const within = (used: string, path: string) => used === path || used.startsWith(`${path}.`);

/** Whether a list holds a used path: itself, or a section or group it is in, and not left out (`!path`). */
export const covers = (sections: readonly string[], used: string) =>
  sections.some((s) => !s.startsWith(LEFT_OUT) && within(used, s)) && !sections.some((s) => s.startsWith(LEFT_OUT) && within(used, s.slice(LEFT_OUT.length)));

/** The paths of a list that name nothing in it.json. */
export const unknownPaths = (sections: readonly string[]): string[] => sections.filter((s) => keysOfPath(messages, s.replace(LEFT_OUT, '')).length === 0);
