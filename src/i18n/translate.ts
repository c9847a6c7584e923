// The islands' `t` (src/i18n/client.ts): the part of i18next the island messages use — nested keys,
// `{{name}}` interpolation without escaping, plurals by `count` (`_zero` for 0 when written, then
// the Intl plural category, then the bare key), `defaultValue`, the key itself when missing — in
// a few hundred bytes instead of i18next's 16 KB gzip on every booking screen. Static
// pages and the server keep i18next (src/i18n/i18next.ts); tests/unit/i18n/translate.test.ts checks that
// both give the same text for every island key in every locale.
import type { TFunction } from 'i18next';
import type { Locale } from './index';

type Messages = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

function lookup(messages: Messages, path: string): unknown {
  let node: unknown = messages;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

/** `{{name}}` (or `{{a.b}}`) from the options; as i18next: a name not passed stays as written. */
function interpolate(text: string, options: Options): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = lookup(options, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, name) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

export function createIslandT(locale: Locale, messages: Messages): TFunction {
  const plurals = new Intl.PluralRules(locale);
  const t = (key: string, options: Options = {}): string => {
    const count = options.count;
    const candidates = [key];
    if (typeof count === 'number') {
      candidates.unshift(`${key}_${plurals.select(count)}`);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const candidate of candidates) {
      const found = lookup(messages, candidate);
      if (typeof found === 'string') return interpolate(found, options);
    }
    return typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : key;
  };
  return t as unknown as TFunction;
}
