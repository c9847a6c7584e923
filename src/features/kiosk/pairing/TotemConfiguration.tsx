// /totem/configuration (only after the password, spec §4): the totem's settings — its shop (set in
// the back office, read again on demand), the server URL, the payment terminal's host and the
// fake-POS switch —, the configuration clear (optionally the shop) and the full clear that
// unpairs the device. Each clear asks first. The access is taken when the page opens, so leaving
// it in any way needs the password again.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $configuration } from '~/stores/configuration';
import { $kioskDevice, clearKioskConfiguration, kioskHomePath, reloadKioskSettings, saveKioskSettings } from '~/stores/kiosk';
import { pendingKioskWork, type PendingKioskItem } from './stores/kiosk-forget';
import { unpairDevice } from './stores/kiosk-pairing';
import { notify } from '~/stores/notifications';
import { simulatedPosAllowed } from '~/domain/terminal';
import { TotemTypes } from '~/domain/kiosk';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import ConfirmDialog from '~/components/ui/ConfirmDialog';
import ShopKiosks from './ShopKiosks';
import ReferralReport from './referrals/ReferralReport';
import KioskPendingWork from './KioskPendingWork';
import { useTotemGuard } from '../shared/useTotemGuard';
import '../shared/kiosk.css';

type Asking = null | 'clear' | 'unpair';
const URL_FIELDS = ['pos', 'server_url'] as const;
type UrlField = (typeof URL_FIELDS)[number];

export default function TotemConfiguration({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const allowed = useTotemGuard();
  const configuration = useStore($configuration);
  const device = useStore($kioskDevice);
  const totem = configuration.totem;
  const [values, setValues] = useState<Record<UrlField, string>>({ pos: totem?.pos ?? '', server_url: totem?.server_url ?? '' });
  const [fakePos, setFakePos] = useState(device.fakePos);
  const [errors, setErrors] = useState<Partial<Record<UrlField, string>>>({});
  const [resetShop, setResetShop] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  // Work only this device can finish: unpairing is refused and this list shown instead.
  const [pending, setPending] = useState<PendingKioskItem[]>([]);
  const [reloading, setReloading] = useState(false);

  if (!allowed || !totem) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  const shop = device.shop ?? configuration.shop;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    // The simulated POS only where the server takes its payments (demo mode): off otherwise.
    const refused = saveKioskSettings({ pos: values.pos.trim() || null, server_url: values.server_url.trim() || null, fakePos: fakePos && simulatedPosAllowed(totem) });
    const found: Partial<Record<UrlField, string>> = {};
    for (const field of URL_FIELDS) {
      const message = refused[field];
      if (message) found[field] = t(message.key, message.params);
    }
    setErrors(found);
    const first = URL_FIELDS.find((f) => found[f]);
    if (first) return document.getElementById(`config-${first}`)?.focus();
    notify(t('kiosk.config.saved'), 'success');
  };

  const reload = async () => {
    setReloading(true);
    try {
      await reloadKioskSettings();
      notify(t('kiosk.config.reloaded'), 'success');
    } catch {
      // The API client already said what went wrong.
    } finally {
      setReloading(false);
    }
  };

  const urlField = (field: UrlField) => (
    <div className="field">
      <label htmlFor={`config-${field}`}>{t(`kiosk.config.${field}`)}</label>
      <input
        id={`config-${field}`}
        type="url"
        inputMode="url"
        autoComplete="off"
        value={values[field]}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
        aria-invalid={!!errors[field]}
        aria-describedby={`config-${field}-help config-${field}-error`}
      />
      <p id={`config-${field}-help`} className="muted">
        {t(`kiosk.config.${field}Help`)}
      </p>
      <p id={`config-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    </div>
  );

  return (
    <div className="kiosk-config">
      <section aria-labelledby="config-device">
        <h2 id="config-device">{t('kiosk.config.device')}</h2>
        <dl className="kiosk-facts">
          <dt>{t('kiosk.config.code')}</dt>
          <dd>{totem.code}</dd>
          <dt>{t('kiosk.config.type')}</dt>
          <dd>{t(`kiosk.types.${totem.type}`)}</dd>
          <dt>{t('kiosk.config.shop')}</dt>
          <dd>{shop?.label ?? t('kiosk.config.noShop')}</dd>
          <dt>{t('kiosk.config.documents')}</dt>
          <dd>{totem.data_security_user_optional ? t('kiosk.config.documentsOptional') : t('kiosk.config.documentsRequired')}</dd>
        </dl>
        <p className="muted">{t('kiosk.config.shopHelp')}</p>
        <button type="button" className="button button--secondary" onClick={reload} disabled={reloading} aria-busy={reloading}>
          {t('kiosk.config.reload')}
        </button>
      </section>

      <form aria-labelledby="config-settings" onSubmit={save} noValidate>
        <h2 id="config-settings">{t('kiosk.config.settings')}</h2>
        {urlField('server_url')}
        {urlField('pos')}
        {simulatedPosAllowed(totem) && (
          <>
            <label className="check">
              <input type="checkbox" checked={fakePos} onChange={(e) => setFakePos(e.target.checked)} /> {t('kiosk.config.fakePos')}
            </label>
            <p className="muted">{t('kiosk.config.fakePosHelp')}</p>
          </>
        )}
        <button type="submit" className="button">
          {t('kiosk.config.save')}
        </button>
      </form>

      {totem.type !== TotemTypes.PUBLIC && <ShopKiosks locale={locale} self={totem.code} />}
      {totem.type !== TotemTypes.PUBLIC && <ReferralReport locale={locale} />}

      <section aria-labelledby="config-clear">
        <h2 id="config-clear">{t('kiosk.config.clearTitle')}</h2>
        <p>{t('kiosk.config.clearText')}</p>
        <label className="check">
          <input type="checkbox" checked={resetShop} onChange={(e) => setResetShop(e.target.checked)} /> {t('kiosk.config.clearShop')}
        </label>
        <p className="actions">
          <button type="button" className="button button--secondary" onClick={() => setAsking('clear')}>
            {t('kiosk.config.clear')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              const items = pendingKioskWork();
              setPending(items);
              if (items.length === 0) setAsking('unpair');
            }}
          >
            {t('kiosk.config.unpair')}
          </button>
        </p>
        <p className="muted">{t('kiosk.config.unpairText')}</p>
        {pending.length > 0 && (
          <div className="notice kiosk-pending-notice" role="alert">
            <p>{t('kiosk.pending.unpairRefused', { count: pending.length })}</p>
            <KioskPendingWork t={t} items={pending} linksIn={lang} />
            <p className="muted">{t('kiosk.pending.settle')}</p>
          </div>
        )}
      </section>

      <p>
        <a className="button button--secondary" href={localizePath(lang, kioskHomePath() ?? '/')}>
          {t('kiosk.config.leave')}
        </a>
      </p>

      <ConfirmDialog
        open={asking !== null}
        title={asking === 'unpair' ? t('kiosk.config.unpairConfirmTitle') : t('kiosk.config.clearConfirmTitle')}
        text={
          asking === 'unpair'
            ? t('kiosk.config.unpairConfirm', { code: totem.code })
            : resetShop
              ? t('kiosk.config.clearConfirmShop')
              : t('kiosk.config.clearConfirm')
        }
        confirmLabel={asking === 'unpair' ? t('kiosk.config.unpair') : t('kiosk.config.clear')}
        cancelLabel={t('kiosk.password.cancel')}
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          const what = asking;
          setAsking(null);
          if (what === 'clear') {
            clearKioskConfiguration(resetShop);
            notify(t('kiosk.config.cleared'), 'success');
          } else if (what === 'unpair') {
            // Unpaired here at once; off to /pair once the revocation is on its way (keepalive:
            // it lands after the page is gone; one not yet sent would be lost with it). Work that
            // appeared meanwhile (another tab) refuses it: listed instead.
            const outcome = await unpairDevice();
            if (outcome.status === 'pending') setPending(outcome.items);
            else location.assign(localizePath(lang, '/pair'));
          }
        }}
      />
    </div>
  );
}
