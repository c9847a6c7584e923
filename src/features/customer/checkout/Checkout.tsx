// Checkout (/prenota/{shop}/order): cart lines with add-ons and customers, the customer's details
// (fiscal code when an invoice is asked), documents (images/PDF, 8 MB, checked before upload),
// coupons (a blocked one is shown refused and never sent), fidelity card, totals by the cart rule,
// then the order placed as the API's multipart form — or, in edit mode, the patched form.
// Feedback lands where the customer is: after a refusal focus goes to the first field in error (or
// to the list of the other errors). A placed order goes to its own confirmation page
// (/orders/confirmed/?order=…), which a reload, Back or another language shows again; the checkout
// found again with its cart emptied sends there too. A kiosk's order and an edit are confirmed
// here (CheckoutConfirmation): a kiosk must not leave the order's address for the next customer.
//
// The first paint does without react-hook-form (12.7 KB gzip, the checkout's budget is 120 KB):
// the contact fields are uncontrolled inputs holding their values in the DOM, filled here (the
// cart's details, then the session's), and react-hook-form (CheckoutLive.tsx, with the form's
// validation and submission) is fetched on the customer's first focus, pointer or key in the form,
// or a submit, never before. It takes over the same elements (CheckoutForm stays mounted), reading
// what they hold, so the typed text, the focus and the caret stay; a submit pressed meanwhile is
// sent again once it is live. If the fetch fails (offline) the page is not reloaded: the form stays
// as it is, a submit says the server could not be reached, and the next use fetches again
// (components/ui/useLoadOnFirstUse.ts, shared with the login sheet).
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { OrderResponse } from '~/api/contract/orders';
import { $cart } from '~/stores/cart';
import { $session } from '~/stores/session';
import { $configuration } from '~/stores/configuration';
import { confirmationPath } from '~/domain/orders';
import { localizePath, toLocale } from '~/i18n/index';
import { forgetPlaced, placedAt, rememberPlaced } from './stores/placed';
import { notify } from '~/stores/notifications';
import { openCheckout, prepareSending, type CheckoutValues } from './stores/checkout';
import { useT } from '~/i18n/client';
import CheckoutForm, { type CheckoutBinding } from './CheckoutForm';
import type { CheckoutLiveProps, CheckoutOutcomeView } from './CheckoutLive';
import { useCheckoutLines } from './lines';
import { fillEmptyFields, reveal } from './form-dom';
import { useLoadOnFirstUse } from '~/components/ui/useLoadOnFirstUse';
import '~/components/ui/controls.css';
import '../shared/booking.css';
import './checkout.css';
import '../shared/order-lines.css';
// The confirmation (with the pay button and its payment code) is needed only once the order is
// placed: fetched when the customer presses the button, kept out of the page's first load.
const loadConfirmation = () => import('./CheckoutConfirmation');
const CheckoutConfirmation = lazy(loadConfirmation);
const loadLive = () => import('./CheckoutLive');

export default function Checkout({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const cart = useStore($cart);
  const session = useStore($session);
  const { lines, priced } = useCheckoutLines();
  const lang = toLocale(locale);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  // `edited`: the order replaced an existing one (the cart had orderCodeToReplace), whose
  // confirmation says the changes were saved.
  const [placed, setPlaced] = useState<{ order: OrderResponse; edited: boolean } | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [documentsError, setDocumentsError] = useState<string | null>(null);
  const serverErrorsBox = useRef<HTMLDivElement>(null);
  // Set when a refusal has no field of the form to focus: the error list takes the focus once shown.
  const focusServerErrors = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  // The fields' first values, as the form's first render found them.
  const [defaults] = useState<CheckoutValues>(() => ({
    first_name: cart.first_name ?? session.user?.first_name ?? '',
    last_name: cart.last_name ?? session.user?.last_name ?? '',
    phone: cart.phone ?? session.user?.phone ?? '',
    email: cart.email ?? session.user?.username ?? '',
    invoice: false,
    fiscal_code: cart.fiscal_code ?? '',
    terms: false,
  }));

  // The binding react-hook-form's host hands the form once fetched.
  const [liveBinding, setLiveBinding] = useState<CheckoutBinding | null>(null);
  const { Live, start: takeOver, submitBeforeLive, waiting: waitingToSend } = useLoadOnFirstUse<CheckoutLiveProps>({
    load: () => {
      prepareSending();
      return loadLive();
    },
    form,
    live: liveBinding !== null,
    onSubmitFailed: () => notify(t('errors.network'), 'error'),
    name: 'checkout',
  });
  const [lightInvoice, setLightInvoice] = useState(defaults.invoice);

  const outcome = useMemo<CheckoutOutcomeView>(
    () => ({
      placed: setPlaced,
      setServerErrors,
      focusServerErrors: () => (focusServerErrors.current = true),
      setDocumentsError,
      preloadConfirmation: () => void loadConfirmation(),
    }),
    [],
  );

  // The logged-in customer's details arrive after the first render: fill what is still empty
  // (react-hook-form's host does it once live).
  useEffect(() => {
    if (session.user && !Live) fillEmptyFields(form.current, session.user);
  }, [session.user, Live]);

  useEffect(() => {
    void openCheckout(shop);
  }, [shop]);

  useEffect(() => {
    if (!focusServerErrors.current || serverErrors.length === 0) return;
    focusServerErrors.current = false;
    reveal(serverErrorsBox.current);
  }, [serverErrors]);

  // Where this tab's order at this shop is confirmed, when the checkout shows it no more: just
  // placed (online, new), or placed earlier and found again with the cart emptied.
  const kiosk = $configuration.get().totem != null;
  const placedHere = placed ? (placed.edited || kiosk ? null : placed.order.uuid) : cart.products.length === 0 && !kiosk ? placedAt(shop) : null;
  const confirmation = placedHere ? localizePath(lang, confirmationPath(placedHere)) : null;
  useEffect(() => {
    if (cart.products.length > 0 && !placed) forgetPlaced();
    if (!confirmation) return;
    if (placed) {
      rememberPlaced(shop, placed.order.uuid);
      location.assign(confirmation);
    } else location.replace(confirmation);
    // Shown again from the back/forward cache: go where the order is confirmed, not to this page.
    const restored = (event: PageTransitionEvent) => event.persisted && location.replace(confirmation);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [confirmation, cart.products.length > 0]);

  if (confirmation) return <p aria-busy="true">{t('checkout.placing')}</p>;

  if (placed)
    return (
      <Suspense fallback={<p aria-busy="true">{t('checkout.placing')}</p>}>
        <CheckoutConfirmation locale={locale} order={placed.order} edited={placed.edited} />
      </Suspense>
    );

  if (cart.products.length === 0) return <p>{t('checkout.empty')}</p>;

  const light: CheckoutBinding = {
    register: (name) => (name === 'invoice' ? { name, onChange: (e) => setLightInvoice(e.target.checked) } : { name }),
    errors: {},
    isSubmitting: waitingToSend,
    invoice: lightInvoice,
    onSubmit: submitBeforeLive,
  };

  return (
    <>
      {Live && <Live locale={locale} form={form} defaults={defaults} lines={linesRef} outcome={outcome} onBinding={setLiveBinding} />}
      <CheckoutForm
        locale={locale}
        shop={shop}
        lines={lines}
        priced={priced}
        binding={liveBinding ?? light}
        defaults={defaults}
        formRef={form}
        serverErrors={serverErrors}
        serverErrorsBox={serverErrorsBox}
        documentsError={documentsError}
        onUse={Live ? undefined : takeOver}
      />
    </>
  );
}
