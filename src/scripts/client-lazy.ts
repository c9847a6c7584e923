// `client:lazy`: hydrate an island when the visitor first interacts with the page, or at idle when
// the visitor has something the island must show at once (items in the cart, a session). A first
// visit, a crawler or an audit then loads no framework code at all before the page is idle: the
// static HTML already carries the default state of the app bar. Another island can wake them with
// WAKE_ISLANDS_EVENT when it has something for them to show (a notice for the snackbar).
import type { ClientDirective } from 'astro';
import { WAKE_ISLANDS_EVENT } from './wake-islands';

const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'scroll', 'wheel'] as const;

function hasStateToShow(): boolean {
  try {
    const cart = localStorage.getItem('cart');
    return !!localStorage.getItem('auth._token.local') || (!!cart && cart.includes('"id_price"'));
  } catch {
    return false;
  }
}

const lazy: ClientDirective = (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) window.removeEventListener(name, start, true);
    window.removeEventListener(WAKE_ISLANDS_EVENT, start);
    const hydrate = await load();
    await hydrate();
  };
  if (hasStateToShow()) {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => void start(), { timeout: 2000 });
  }
  for (const name of EVENTS) window.addEventListener(name, start, { capture: true, passive: true });
  window.addEventListener(WAKE_ISLANDS_EVENT, start);
};

export default lazy;
