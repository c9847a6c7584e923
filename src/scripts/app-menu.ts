// The app bar's "Menu" button on a phone (components/layout/AppBar.astro): opens and closes the
// disclosure under the bar; Escape, a press outside it or following one of its links closes it.
// Plain script, no framework: it works before the islands wake.
function start() {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!toggle || !menu) return;
  const set = (open: boolean) => toggle.setAttribute('aria-expanded', String(open));
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  toggle.addEventListener('click', () => set(!isOpen()));
  document.addEventListener('keydown', (event) => {
    // An Escape already taken (the account menu inside closing) closes only that.
    if (event.key !== 'Escape' || event.defaultPrevented || !isOpen()) return;
    set(false);
    toggle.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    // The account menu and the sheets it opens live inside; a dialog is drawn over everything.
    if (isOpen() && !menu.contains(target) && !toggle.contains(target) && !(target as Element).closest?.('dialog')) set(false);
  });
}

if (typeof document !== 'undefined') start();
