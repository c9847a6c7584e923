// "Kiosks of this shop" on an admin kiosk's configuration page: the kiosks it may manage with their
// pending pairing code (until when, made by whom), and per kiosk a new pairing code (never for this
// kiosk: another admin kiosk makes it), cancelling the pending code, revoking a lost or stolen kiosk,
// a new configuration password and unlocking a kiosk's configuration locked by wrong passwords (a
// walk-in customer's guesses). Codes, passwords and unlocking need this kiosk's password; codes and
// passwords are shown once (ShopKioskDialog.tsx). State and actions: src/features/kiosk/pairing/stores/shop-kiosks.ts.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { romeTime } from '~/domain/dates';
import { useT } from '~/i18n/client';
import { notify } from '~/stores/notifications';
import {
  $shopKiosks,
  cancelKioskCode,
  loadShopKiosks,
  newPairingCode,
  revokeShopKiosk,
  rotateKioskPassword,
  unlockShopKiosk,
  type KioskActionOutcome,
  type ShopKiosk,
} from './stores/shop-kiosks';
import ShopKioskDialog, { type ShopKioskStep } from './ShopKioskDialog';
import './shop-kiosks.css';
import { noticeText } from '~/stores/notifications';

interface Props {
  locale: string;
  /** This kiosk's code: it never mints its own pairing code nor revokes itself here (unpairing is below). */
  self: string;
}

export default function ShopKiosks({ locale, self }: Props) {
  const t = useT(locale);
  const { state, kiosks } = useStore($shopKiosks);
  const [step, setStep] = useState<ShopKioskStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadShopKiosks();
  }, []);

  const open = (next: ShopKioskStep | null) => {
    setError(null);
    setStep(next);
  };

  /** Runs an action and moves the dialog on by its outcome. */
  const run = async (action: () => Promise<KioskActionOutcome>) => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await action();
      if (outcome.kind === 'wrongPassword') setError(t('kiosk.shopKiosks.wrongPassword'));
      else if (outcome.kind === 'failed') setError(noticeText(outcome.message, t));
      else if (outcome.kind === 'pairingCode') open({ kind: 'shownCode', totem: outcome.totem, code: outcome.code, expiresAt: outcome.expiresAt });
      else if (outcome.kind === 'password') open({ kind: 'shownPassword', totem: outcome.totem, password: outcome.password });
      else if (outcome.kind === 'revoked') {
        open(null);
        notify(t('kiosk.shopKiosks.revoked', { code: outcome.totem }), 'success');
      } else if (outcome.kind === 'unlocked') {
        open(null);
        notify(t('kiosk.shopKiosks.unlocked', { code: outcome.totem }), 'success');
      } else if (outcome.kind === 'cancelled') notify(t('kiosk.shopKiosks.cancelled', { code: outcome.totem }), 'success');
    } finally {
      setBusy(false);
    }
  };

  const cancelCode = async (totem: string) => {
    setError(null);
    await run(() => cancelKioskCode(totem));
  };

  const pendingText = (kiosk: ShopKiosk) => {
    const code = kiosk.pending_code;
    if (!code) return t('kiosk.shopKiosks.noCode');
    const time = romeTime(code.expires_at);
    return code.minted_by ? t('kiosk.shopKiosks.pendingBy', { time, by: code.minted_by }) : t('kiosk.shopKiosks.pendingCli', { time });
  };

  return (
    <section aria-labelledby="config-kiosks" aria-busy={state === 'loading'}>
      <h2 id="config-kiosks">{t('kiosk.shopKiosks.title')}</h2>
      <p>{t('kiosk.shopKiosks.intro')}</p>
      {state === 'error' && (
        <p className="error" role="alert">
          {t('kiosk.shopKiosks.error')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void loadShopKiosks()}>
            {t('kiosk.shopKiosks.retry')}
          </button>
        </p>
      )}
      {state === 'loading' && kiosks.length === 0 && <p>{t('kiosk.shopKiosks.loading')}</p>}
      {kiosks.length > 0 && (
        <table className="shop-kiosks">
          <thead>
            <tr>
              <th scope="col">{t('kiosk.shopKiosks.kiosk')}</th>
              <th scope="col">{t('kiosk.shopKiosks.type')}</th>
              <th scope="col">{t('kiosk.shopKiosks.pairingCode')}</th>
              <th scope="col">{t('kiosk.shopKiosks.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {kiosks.map((kiosk) => {
              const own = kiosk.code === self;
              return (
                <tr key={kiosk.code}>
                  <th scope="row">
                    {kiosk.code}
                    {own && <span className="muted"> ({t('kiosk.shopKiosks.thisKiosk')})</span>}
                  </th>
                  <td>{t(`kiosk.types.${kiosk.type}`)}</td>
                  <td>{pendingText(kiosk)}</td>
                  <td>
                    {/* The buttons' flex box inside the cell: a cell made a flex box leaves the table layout (the row's line broke). */}
                    <div className="shop-kiosks__actions">
                      {!own && (
                        <button type="button" className="button" onClick={() => open({ kind: 'askPassword', purpose: 'code', totem: kiosk.code })}>
                          {t('kiosk.shopKiosks.newCode')}
                        </button>
                      )}
                      {kiosk.pending_code && (
                        <button type="button" className="button button--secondary" onClick={() => void cancelCode(kiosk.code)} disabled={busy}>
                          {t('kiosk.shopKiosks.cancelCode')}
                        </button>
                      )}
                      <button type="button" className="button button--secondary" onClick={() => open({ kind: 'askPassword', purpose: 'password', totem: kiosk.code })}>
                        {t('kiosk.shopKiosks.newPassword')}
                      </button>
                      {/* This kiosk, once locked, is refused its own password too: another admin kiosk unlocks it. */}
                      {!own && (
                        <button type="button" className="button button--secondary" onClick={() => open({ kind: 'askPassword', purpose: 'unlock', totem: kiosk.code })}>
                          {t('kiosk.shopKiosks.unlock')}
                        </button>
                      )}
                      {!own && (
                        <button type="button" className="button button--danger" onClick={() => open({ kind: 'confirmRevoke', totem: kiosk.code })}>
                          {t('kiosk.shopKiosks.revoke')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {/* A cancel's refusal has no dialog to show it in. */}
      {!step && error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ShopKioskDialog
        locale={locale}
        step={step}
        error={error}
        busy={busy}
        onClose={() => open(null)}
        onPassword={(password) => {
          if (step?.kind !== 'askPassword') return;
          const totem = step.totem;
          const action = { code: newPairingCode, password: rotateKioskPassword, unlock: unlockShopKiosk }[step.purpose];
          void run(() => action(totem, password));
        }}
        onRevoke={() => {
          if (step?.kind === 'confirmRevoke') void run(() => revokeShopKiosk(step.totem));
        }}
      />
    </section>
  );
}
