// A kiosk page whose screen is not built yet (issue #13 board and queue, #14 delivery, pickup,
// inventory, products): guarded like the others, and saying so plainly.
import { useT } from '../../i18n/client';
import { useTotemGuard } from './useTotemGuard';
import './kiosk.css';

export default function KioskPlaceholder({ locale }: { locale: string }) {
  const t = useT(locale);
  const allowed = useTotemGuard();
  if (!allowed) return <p aria-busy="true">{t('kiosk.loading')}</p>;
  return <p className="notice">{t('kiosk.notYet')}</p>;
}
