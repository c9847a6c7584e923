// The order code's encoder waits for the code to come near the screen: `whenNearScreen` calls its
// work once, only when the observer reports the element intersecting (with the near margin), and
// not after it is stopped; without IntersectionObserver it calls it at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_SCREEN, whenNearScreen } from '~/components/ui/near-screen';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

class FakeObserver {
  static last: FakeObserver | null = null;
  observed: unknown[] = [];
  disconnected = false;
  constructor(
    readonly callback: Callback,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(el: unknown) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    if (!this.disconnected) this.callback([{ isIntersecting }]);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('whenNearScreen', () => {
  it('waits for the element to come within the near margin, then works once', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const show = vi.fn();
    const el = {} as Element;
    whenNearScreen(el, show);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([el]);
    expect(observer.options.rootMargin).toBe(NEAR_SCREEN);
    observer.report(false);
    expect(show).not.toHaveBeenCalled();
    observer.report(true);
    observer.report(true);
    expect(show).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it('does nothing once stopped (the component unmounted)', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const show = vi.fn();
    const stop = whenNearScreen({} as Element, show);
    stop();
    FakeObserver.last!.report(true);
    expect(show).not.toHaveBeenCalled();
  });

  it('works at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const show = vi.fn();
    whenNearScreen({} as Element, show);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
