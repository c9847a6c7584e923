// `client:lazy`: hydrate an island when the visitor first interacts with the page, or at idle when
// the visitor has something the island must show at once (items in the cart, chosen dates or shop,
// a session, a notice left by the previous page). A first visit, a crawler or an audit then loads
// no framework code at all before the page is idle: the static HTML already carries the default
// state of the app bar.
// Another island can wake them with WAKE_ISLANDS_EVENT when it has something for them to show (a
// notice for the snackbar, a page asking for a login).
// The totem footer's slot, on every customer page, has nothing to show a customer's device:
// `client:lazy="kiosk"` wakes it on a kiosk only (a kiosk is paired on another page), so a page
// with a cart or a session does not fetch it at idle. The snackbar stays a plain `client:lazy`: the
// notice it must be able to show is often "the server could not be reached", when its code could
// no longer be fetched.
import type { ClientDirective } from 'astro';
import { ISLAND_READY_EVENT, WAKE_ISLANDS_EVENT } from './island-events';
import { CONFIGURATION_KEY, PENDING_NOTICE_KEY, storedTotemType } from '../stores/keys';

/** What a `client:lazy` island waits for, by the directive's value (`client:lazy` alone: `true`). */
export const LAZY_WAITS = {
  /** The first interaction, or idle when there is something to show (below). */
  interaction: true,
  /** Being on a kiosk: at idle there, never elsewhere. */
  kiosk: 'kiosk',
} as const;

const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'scroll', 'wheel'] as const;

function hasStateToShow(): boolean {
  try {
    const cart = localStorage.getItem('cart');
    const configuration = localStorage.getItem(CONFIGURATION_KEY);
    return (
      !!localStorage.getItem('auth._token.local') ||
      (!!cart && cart.includes('"id_price"')) ||
      // Chosen dates or shop: the app bar's chips must say them, not the static "choose" text; a
      // kiosk: its footer (code, sheet) and app bar must show at once.
      (!!configuration && /"dates":\["|"shop":\{|"totem":\{/.test(configuration)) ||
      !!sessionStorage.getItem(PENDING_NOTICE_KEY)
    );
  } catch {
    return false;
  }
}

/** Longest wait for an island to report itself live before a held click is replayed anyway. */
const READY_TIMEOUT_MS = 3000;

/** Resolves when `island` reports itself live (ISLAND_READY_EVENT from inside it), or after READY_TIMEOUT_MS. */
function nextReady(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      island.removeEventListener(ISLAND_READY_EVENT, done);
      resolve();
    };
    const timer = setTimeout(done, READY_TIMEOUT_MS);
    island.addEventListener(ISLAND_READY_EVENT, done);
  });
}

const lazy: ClientDirective = (load, options, island) => {
  let started = false;
  // A first tap on a phone starts hydration (touchstart) but its click lands on the static button,
  // which does nothing yet: hold that click and replay it on the same element (hydration reuses
  // it) once the island is live. Hydration runs as a transition and the island may suspend on its
  // translations, so "hydrate() returned" is not "handlers attached": wait for the island's own
  // ready signal (useIslandReady). Buttons only: links work without JavaScript.
  let heldClick: HTMLButtonElement | null = null;
  const holdClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !island.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldClick = button;
    void start();
  };
  island.addEventListener('click', holdClick, true);
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) window.removeEventListener(name, start, true);
    window.removeEventListener(WAKE_ISLANDS_EVENT, start);
    const ready = nextReady(island);
    try {
      const hydrate = await load();
      await hydrate();
      // React commits after hydrate() returns (a transition, maybe suspended on the translations),
      // and Astro drops `ssr` already: keep holding clicks until the island says it is live.
      await ready;
    } catch (err) {
      // A chunk that failed to load is page-transitions.ts's business (it reloads the page); the
      // held click has nothing to land on.
      heldClick = null;
      console.error('[client:lazy]', err);
    } finally {
      island.removeEventListener('click', holdClick, true);
    }
    if (heldClick?.isConnected) heldClick.click();
  };
  const idle = () => (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200)))(() => void start(), { timeout: 2000 });
  const waits = options.value;
  if (waits === LAZY_WAITS.kiosk) {
    if (storedTotemType() !== null) idle();
    return;
  }
  if (hasStateToShow()) idle();
  for (const name of EVENTS) window.addEventListener(name, start, { capture: true, passive: true });
  window.addEventListener(WAKE_ISLANDS_EVENT, start);
};

export default lazy;
