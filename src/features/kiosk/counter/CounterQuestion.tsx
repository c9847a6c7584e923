// What the delivery and pickup counters ask before losing work: leaving an order with scans not
// confirmed (a discard) and undoing a unit's hand-out or pickup (a reset). One rule for both: an
// order left with nothing scanned closes without asking, a no (Escape too) gives the focus back to
// the scan field, a reset gives it back once sent. Each counter says it in its own words.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import { notify } from '~/stores/notifications';

// Asked only before a reset or a discard: fetched on its first open (LazyDialog.tsx: a failed fetch says why).
const ConfirmDialog = lazyDialog(() => import('~/components/ui/ConfirmDialog'));

type Question = { kind: 'discard' } | { kind: 'reset'; id: number; code: string };

interface Options {
  /** Scans not confirmed yet: leaving the order asks first when there are any. */
  pending: number;
  /** Drops the order and its scans. */
  discard: () => void;
  /** Undoes the hand-out or the pickup of a unit. */
  reset: (deliveryDetailId: number, code: string) => Promise<unknown>;
  /** Puts the focus back on the scan field. */
  refocus: () => void;
}

export function useCounterQuestion({ pending, discard, reset, refocus }: Options) {
  const [asked, setAsked] = useState<Question | null>(null);
  return {
    asked,
    leave: () => (pending > 0 ? setAsked({ kind: 'discard' }) : discard()),
    askReset: (id: number, code: string) => setAsked({ kind: 'reset', id, code }),
    answer: (yes: boolean) => {
      setAsked(null);
      if (!yes || !asked) return refocus();
      if (asked.kind === 'discard') discard();
      else void reset(asked.id, asked.code).then(refocus);
    },
    dismiss: () => setAsked(null),
  };
}

interface Wording {
  title: string;
  text: string;
  confirmLabel: string;
}

interface Props {
  t: TFunction;
  question: ReturnType<typeof useCounterQuestion>;
  /** The counter's words for what is asked. */
  wording: (asked: Question) => Wording;
}

export default function CounterQuestion({ t, question: { asked, answer, dismiss }, wording }: Props) {
  const words = asked && wording(asked);
  return (
    <LazyDialog
      open={asked !== null}
      onFailed={() => {
        dismiss();
        notify(t('errors.network'), 'error');
      }}
    >
      {words && (
        <ConfirmDialog
          open
          title={words.title}
          text={words.text}
          confirmLabel={words.confirmLabel}
          cancelLabel={t('kiosk.delivery.keep')}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      )}
    </LazyDialog>
  );
}
