// The account page: the customer's details, loyalty card, stored identity documents
// and known people. A guest is asked to log in (spec §2); the user is read again on arrival, so the page
// shows what the server holds (another tab may have changed it).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { fetchUser } from '~/stores/current-user';
import { $session, openLogin, requireLogin } from '~/stores/session';
import { useT } from '~/i18n/client';
import { useCustomerPage } from '../shared/use-customer-page';
import ProfileForm from './ProfileForm';
import ProfileDocuments from './ProfileDocuments';
import ProfileFidelityCard from './ProfileFidelityCard';
import ProfilePeople from './ProfilePeople';
import '~/components/ui/controls.css';

export default function AccountProfile({ locale }: { locale: string }) {
  const t = useT(locale);
  const session = useStore($session);
  useCustomerPage(locale);
  useEffect(() => {
    if (!session.token) return requireLogin();
    void fetchUser().catch(() => undefined);
  }, [session.token]);

  if (!session.token)
    return (
      <p>
        {t('account.profile.loginNeeded')}{' '}
        <button type="button" className="button" onClick={openLogin}>
          {t('account.profile.login')}
        </button>
      </p>
    );
  if (!session.user) return <p aria-busy="true">{t('account.profile.loading')}</p>;
  return (
    <>
      {/* Keyed by user: a different login starts the form from that user's values. */}
      <ProfileForm key={session.user.id} user={session.user} t={t} />
      <ProfileFidelityCard user={session.user} t={t} />
      <ProfileDocuments user={session.user} t={t} />
      <ProfilePeople t={t} />
    </>
  );
}
