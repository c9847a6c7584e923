// The consent to the rental terms, the cancellation policy and the privacy notice, just before the
// order's button: a required checkbox, the three pages linked (opened in a new tab, so the form
// keeps what was typed), and its error under it.
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import type { FieldProps } from '~/components/ui/useLoadOnFirstUse';

const PAGES = [
  { key: 'terms', path: '/condizioni' },
  { key: 'cancellation', path: '/cancellazione' },
  { key: 'privacy', path: '/privacy' },
] as const;

interface TermsConsentProps {
  locale: string;
  register: FieldProps;
  error: string | undefined;
}

export default function TermsConsent({ locale, register, error }: TermsConsentProps) {
  const t = useT(locale);
  const lang = toLocale(locale);
  return (
    <div className="field terms-consent">
      <label className="check">
        <input
          id="checkout-terms"
          type="checkbox"
          aria-required="true"
          aria-invalid={!!error}
          aria-describedby="checkout-terms-links checkout-terms-error"
          {...register}
        />{' '}
        {t('checkout.termsConsent')}
      </label>
      <p id="checkout-terms-links" className="terms-consent__links">
        {t('checkout.termsLinks')}{' '}
        {PAGES.map((page, i) => (
          <span key={page.key}>
            {i > 0 && ' · '}
            <a href={localizePath(lang, page.path)} target="_blank" rel="noopener">
              {t(`checkout.${page.key}Page`)}
            </a>
          </span>
        ))}
      </p>
      <p id="checkout-terms-error" className="field__error">
        {error}
      </p>
    </div>
  );
}
