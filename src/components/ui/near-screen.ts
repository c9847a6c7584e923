// Work for an element that can wait until the element comes near the screen (the order's QR code
// encoder: on a phone the voucher is below the order's lines).

/** How far below the screen an element counts as near, so a scroll finds its work done. */
export const NEAR_SCREEN = '300px';

/** Calls `show` once, when `el` comes within NEAR_SCREEN of the screen (at once without IntersectionObserver). Returns the stop function. */
export function whenNearScreen(el: Element, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: NEAR_SCREEN },
  );
  observer.observe(el);
  return () => observer.disconnect();
}
