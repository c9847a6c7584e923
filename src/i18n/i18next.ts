// i18next for static pages (src/i18n/server.ts) and the server: not imported by browser code, whose
// `t` is ./translate.ts (same text, checked by tests/unit/i18n/translate.test.ts).
import i18next, { type TFunction, type Resource } from 'i18next';
import type { Locale } from './index';

type Messages = Record<string, unknown>;

/**
 * One i18next instance per locale, created synchronously from already-loaded messages,
 * so that build-time pages get `t` without waiting.
 */
export function createT(locale: Locale, messages: Messages): TFunction {
  const resources: Resource = { [locale]: { translation: messages as Resource[string]['translation'] } };
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t.bind(instance) as TFunction;
}
