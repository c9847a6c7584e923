// A form whose first paint does without react-hook-form (12.7 KB gzip, against screens of 120 KB:
// the checkout, the login sheet): its view renders uncontrolled inputs holding their values in the
// DOM, and the module that takes them over (a `…Live` component rendering nothing, handing the view
// a binding) is fetched on the customer's first use of the form, never before. The view stays
// mounted through the handover, so the typed text, the focus and the caret stay. A submit pressed
// while the module loads is remembered and sent again once it is live. A failed fetch (offline)
// does not reload the page, as a failed chunk otherwise does (scripts/page-transitions.ts): the
// form stays as it is, a waiting submit is told it failed, and the next use fetches again.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ComponentType, type FocusEvent, type FormEvent, type RefObject } from 'react';
import { RELOAD_KEY } from '~/scripts/page-transitions';

/**
 * A chunk that fails to load reloads the page (at most once a minute: a deploy replaced it), which
 * would throw away what the customer typed, and offline would leave the browser's error page
 * instead of the form. While the module loads, that guard reads that a reload just happened; its
 * own value is put back once the load settles.
 */
function holdChunkReload(): () => void {
  try {
    const previous = sessionStorage.getItem(RELOAD_KEY);
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    return () => (previous === null ? sessionStorage.removeItem(RELOAD_KEY) : sessionStorage.setItem(RELOAD_KEY, previous));
  } catch {
    // Storage blocked: the guard cannot reload either (it must remember having done so).
    return () => undefined;
  }
}

/** What an input takes from its host: react-hook-form's `register` output, or just its name. */
export interface FieldProps {
  name: string;
  ref?: (element: HTMLInputElement | null) => void;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => unknown;
}

interface FirstUseOptions<P> {
  /** Fetches the module (called again on the next use after a failure). */
  load: () => Promise<{ default: ComponentType<P> }>;
  form: RefObject<HTMLFormElement | null>;
  /** Whether the module has handed the view its binding: a waiting submit is sent then. */
  live: boolean;
  /** A submit was waiting for a fetch that failed. */
  onSubmitFailed: () => void;
  /** Names the form in the console's error. */
  name: string;
}

export interface FirstUse<P> {
  /** The module's component once fetched. */
  Live: ComponentType<P> | null;
  /** The customer starts using the form: fetches the module unless it is loading or here. */
  start: () => void;
  /** The form's submit before the module is live: held, and sent again once it is. */
  submitBeforeLive: (event: FormEvent<HTMLFormElement>) => void;
  /** Whether a submit waits for the module. */
  waiting: boolean;
}

export function useLoadOnFirstUse<P>(options: FirstUseOptions<P>): FirstUse<P> {
  const latest = useRef(options);
  latest.current = options;
  const [Live, setLive] = useState<ComponentType<P> | null>(null);
  const loading = useRef(false);
  const pendingSubmit = useRef(false);
  const [waiting, setWaiting] = useState(false);

  const start = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    const releaseReload = holdChunkReload();
    latest.current
      .load()
      .then((module: { default: ComponentType<P> } | undefined) => {
        // Vite answers undefined for a chunk it could not fetch when a `vite:preloadError`
        // listener took the error (scripts/page-transitions.ts): a failure too.
        if (!module) throw new Error(`The ${latest.current.name} form could not be loaded`);
        setLive(() => module.default);
      })
      .catch((error: unknown) => {
        console.error(`[${latest.current.name}] could not load the form:`, error);
        loading.current = false;
        if (!pendingSubmit.current) return;
        pendingSubmit.current = false;
        setWaiting(false);
        latest.current.onSubmitFailed();
      })
      .finally(releaseReload);
  }, []);

  const submitBeforeLive = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      pendingSubmit.current = true;
      setWaiting(true);
      start();
    },
    [start],
  );

  const { live, form } = options;
  useEffect(() => {
    if (!live || !pendingSubmit.current) return;
    pendingSubmit.current = false;
    setWaiting(false);
    form.current?.requestSubmit();
  }, [live, form]);

  return { Live, start, submitBeforeLive, waiting };
}
