// Finding a unit by its internal code (/totem/products and above a unit's page): a USB scanner
// types the code and presses Enter, or staff type it. A known code opens its page; an unknown one
// gets the server's message next to the field, which keeps the focus with its text selected, so
// the next scan replaces it.
import { useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { productUnitPath, UNIT_CODE_MAX_LENGTH } from '~/domain/inventory';
import { localizePath, type Locale } from '~/i18n/index';
import { lookupUnit } from './stores/inventory';
import { noticeText } from '~/stores/notifications';

interface Props {
  t: TFunction;
  lang: Locale;
  /** On the lookup page the field is the page's purpose; on a unit's page it waits for the next scan. */
  autoFocus: boolean;
}

const FIELD = 'product-code';

export default function ProductLookup({ t, lang, autoFocus }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A ref, not state: a scanner's second Enter must not start a second lookup before a re-render.
  const busy = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    const outcome = await lookupUnit(input.current?.value ?? text);
    if (outcome.found) {
      // A plain page load, as every kiosk page (the products shell serves every unit's address).
      location.assign(localizePath(lang, productUnitPath(outcome.code)));
      return;
    }
    busy.current = false;
    setError(
      outcome.reason === 'empty'
        ? t('kiosk.products.empty')
        : t('kiosk.products.unknown', { code: outcome.code, message: (outcome.message && noticeText(outcome.message, t)) || t('kiosk.products.notFound', { code: outcome.code }) }),
    );
    input.current?.focus();
    input.current?.select();
  }

  return (
    <form className="kiosk-search product-lookup" role="search" aria-label={t('kiosk.products.scan')} noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={FIELD}>{t('kiosk.products.scan')}</label>
        <input
          ref={input}
          id={FIELD}
          type="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={UNIT_CODE_MAX_LENGTH}
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
          aria-invalid={!!error}
          aria-describedby={`${FIELD}-hint ${FIELD}-error`}
        />
        <p id={`${FIELD}-hint`} className="muted">
          {t('kiosk.products.scanHint')}
        </p>
        <p id={`${FIELD}-error`} className="field__error" role="alert">
          {error}
        </p>
      </div>
      <button type="submit" className="button">
        {t('kiosk.products.open')}
      </button>
    </form>
  );
}
