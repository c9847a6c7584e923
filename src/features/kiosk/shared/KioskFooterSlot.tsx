// Where the totem footer goes on every page: the footer's code (password dialog, kiosk sheet, idle
// reset, the kiosk store) is fetched only on a kiosk, so customers' pages do not carry it.
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $configuration } from '~/stores/configuration';
import { useHydrated } from '~/components/ui/useHydrated';

const KioskFooter = lazy(() => import('./KioskFooter'));

export default function KioskFooterSlot({ locale }: { locale: string }) {
  const hydrated = useHydrated();
  const { totem } = useStore($configuration);
  if (!hydrated || !totem) return null;
  return (
    <Suspense fallback={null}>
      <KioskFooter locale={locale} />
    </Suspense>
  );
}
