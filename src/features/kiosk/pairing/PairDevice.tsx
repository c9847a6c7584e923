// /pair: staff type the pairing code of a kiosk (POST v1/pair); the device becomes that totem and
// opens its start. A device that already is a kiosk asks for its configuration password first, so a
// passer-by cannot pair it to something else (a revoked kiosk, whose password the server can no
// longer check, goes straight to the code). A refused code is said under the field. A device that
// holds work only it can finish (a revoked kiosk) lists it and pairs again only as the same kiosk:
// a code of another kiosk is refused under the field, the device staying what it was.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { refusalMessage } from '~/api/errors';
import { $configuration } from '~/stores/configuration';
import { $kioskDevice, unlockPairing } from '~/stores/kiosk';
import { KioskWorkPendingError, pendingKioskWork } from './stores/kiosk-forget';
import { pairDevice } from './stores/kiosk-pairing';
import { required, toFormValidate } from '~/domain/validators';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import KioskPendingWork from './KioskPendingWork';
import { useHydrated } from '~/components/ui/useHydrated';
import '../shared/kiosk.css';

export default function PairDevice({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const hydrated = useHydrated();
  const configuration = useStore($configuration);
  const device = useStore($kioskDevice);
  const totem = hydrated ? configuration.totem : null;
  // A kiosk must show its password first; `unlocked` is never stored (a reload asks again).
  const [unlocked, setUnlocked] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const locked = !!totem && !unlocked;
  // Read once the page is live (storage is the browser's): a refusal answers the list again.
  const [refusedWork, setRefusedWork] = useState<KioskWorkPendingError | null>(null);
  const storedWork = useMemo(() => (hydrated && totem ? pendingKioskWork() : []), [hydrated, totem]);
  const pendingWork = refusedWork?.items ?? storedWork;

  // The field changes meaning (code ↔ password) only when `locked` does: clear it then. Not on
  // hydration itself: a code typed (or scanned) in the moment between mount and hydration stays.
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (wasLocked.current !== locked) {
      wasLocked.current = locked;
      setValue('');
      setError(null);
    }
    input.current?.focus();
  }, [locked, hydrated]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (locked) {
      // Spec §5: a wrong or empty password does nothing and shows nothing.
      setBusy(true);
      try {
        if (await unlockPairing(value)) setUnlocked(true);
      } catch {
        // No answer: the API client said so.
      } finally {
        setBusy(false);
      }
      return;
    }
    const missing = toFormValidate([required], t)(value.trim());
    if (missing !== true) {
      setError(missing);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const home = await pairDevice(value.trim());
      location.assign(localizePath(lang, home));
    } catch (err) {
      if (err instanceof KioskWorkPendingError) {
        setRefusedWork(err);
        setError(t('kiosk.pending.pairRefused', { holder: err.holder.code, paired: err.paired.code, shop: err.paired.shopLabel }));
        input.current?.focus();
        setBusy(false);
        return;
      }
      const refused = refusalMessage(err, 'code');
      if (refused !== null) {
        setError(refused);
        input.current?.focus();
      }
      setBusy(false);
    }
  };

  const shop = device.shop ?? configuration.shop;
  const id = locked ? 'pair-password' : 'pair-code';
  return (
    <form className="kiosk-form" onSubmit={submit} noValidate>
      {totem && (
        <p className="notice">
          {t('kiosk.pair.already', { code: totem.code, shop: shop?.label ?? '', type: t(`kiosk.types.${totem.type}`) })}
        </p>
      )}
      {totem && pendingWork.length > 0 && (
        <div className="notice kiosk-pending-notice">
          <p>{t('kiosk.pending.pairOnlyAs', { code: totem.code, count: pendingWork.length })}</p>
          <KioskPendingWork t={t} items={pendingWork} linksIn={null} />
        </div>
      )}
      <div className="field">
        <label htmlFor={id}>{locked ? t('kiosk.password.label') : t('kiosk.pair.code')}</label>
        <input
          ref={input}
          id={id}
          key={id}
          type={locked ? 'password' : 'text'}
          autoComplete="off"
          autoCapitalize={locked ? undefined : 'characters'}
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={`${id}-error`}
        />
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      </div>
      <button type="submit" className="button button--block" disabled={busy} aria-busy={busy}>
        {locked ? t('kiosk.pair.unlock') : busy ? t('kiosk.pair.pairing') : t('kiosk.pair.submit')}
      </button>
    </form>
  );
}
