// Translations for React islands. Each locale's JSON is its own lazily loaded chunk, so a
// browser only downloads the strings of the page's language; during the static build all
// locales are available synchronously so islands render their HTML in the right language.
// A customer's page gets only what its islands translate, by the list it names on
// `<body data-messages>` (./customer-messages.ts); a kiosk (a totem configured on this device,
// `html.totem`, or a kiosk page, `body.kiosk-page`: the same test as global.css) gets its own
// through ./kiosk-messages.ts: a kiosk page (/totem/…) only what its islands translate, any other
// page every island section.
import { use } from 'react';
import type { TFunction } from 'i18next';
import { toLocale, type Locale } from './index';
import { createIslandT } from './translate';
import { customerMessages } from './customer-messages';

type Messages = Record<string, unknown>;
type Tracked = Promise<TFunction> & { status?: 'fulfilled'; value?: TFunction };

const eager: Record<string, { default: Messages }> = import.meta.env.SSR
  ? import.meta.glob<{ default: Messages }>('../../i18n/*.json', { eager: true })
  : {};

function isKiosk(): boolean {
  return document.documentElement.classList.contains('totem') || document.body.classList.contains('kiosk-page');
}

function loadMessages(locale: Locale): Promise<Messages> {
  const load = isKiosk() ? import('./kiosk-messages').then((m) => m.kioskMessages(location.pathname, locale)) : customerMessages(document.body.dataset.messages, locale);
  return Promise.resolve(load).then((found) => {
    if (!found) throw new Error(`No translations for ${locale}`);
    return found().then((m) => m.default);
  });
}

const loaded = new Map<Locale, Tracked>();

function fileOf(locale: Locale) {
  return `../../i18n/${locale}.json`;
}

export function loadT(locale: Locale): Tracked {
  let pending = loaded.get(locale);
  if (pending) return pending;
  const ready = eager[fileOf(locale)];
  if (ready) {
    // Already resolved: mark it the way React's `use` recognises, so it never suspends.
    const t = createIslandT(locale, ready.default);
    pending = Promise.resolve(t) as Tracked;
    pending.status = 'fulfilled';
    pending.value = t;
  } else {
    pending = loadMessages(locale).then((messages) => createIslandT(locale, messages)) as Tracked;
    pending.then((t) => {
      pending!.status = 'fulfilled';
      pending!.value = t;
    });
  }
  loaded.set(locale, pending);
  return pending;
}

/** `t` inside an island; the island receives its page's `locale` as a prop. */
export function useT(locale: string | undefined): TFunction {
  // Always through `use`: it returns at once for a fulfilled promise, and calling it only while
  // loading would change the hook path between a suspended render and its replay (React #467).
  return use(loadT(toLocale(locale)) as Promise<TFunction>);
}
