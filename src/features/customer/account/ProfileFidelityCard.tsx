// The account's loyalty card: holder, number (only its last digits readable) and points, read by
// the store (stores/fidelity.ts) whenever the profile's card number changes. Nothing shows without
// a card: the details' field is where a number is added, and it says when a number is no card.
// Render only; its words are the checkout's and the details' where they exist.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { User } from '~/api/contract/user';
import { maskFidelityCardNumber } from '~/domain/fidelity';
import { $ownFidelityCard, loadOwnFidelityCard } from './stores/fidelity';

export default function ProfileFidelityCard({ user, t }: { user: User; t: TFunction }) {
  const shown = useStore($ownFidelityCard);
  useEffect(() => {
    void loadOwnFidelityCard(user.fidelity_card_number);
  }, [user.fidelity_card_number]);
  if (shown.state !== 'ready' && shown.state !== 'loading') return null;

  return (
    <section className="profile-section" aria-labelledby="profile-fidelity-title" aria-busy={shown.state === 'loading'}>
      <h2 id="profile-fidelity-title">{t('checkout.fidelity')}</h2>
      {shown.state === 'ready' && (
        <p data-testid="fidelity-card">
          {shown.card.holder_name} · {maskFidelityCardNumber(shown.card.number)} · <strong>{t('account.profile.fidelityPoints', { points: shown.card.points })}</strong>
        </p>
      )}
    </section>
  );
}
