// A dialog fetched on its first open (useOpenedOnce.ts) may not arrive: a phone losing the line, a
// deploy in between. That must cost the dialog, not the island around it (IslandBoundary would
// replace the whole product list or app bar with "an error occurred"): a failed load renders
// nothing, the caller closes the dialog and says the server could not be reached (spec §8), and
// each later open tries again and says so again rather than doing nothing. A dialog made with
// lazyDialog (below) fetches its code again on that open, so it shows once the network is back.
import { Component, createContext, lazy, Suspense, useContext, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** Which open after a failure this is (0: the first try); LazyDialog counts, lazyDialog reads. */
const Attempt = createContext(0);

/**
 * React.lazy for a dialog whose fetch may fail. React.lazy keeps a rejected import for good, so the
 * dialog could never show again in this page: here each attempt (an open after a failure) gets a
 * React.lazy of its own, calling `load` again. Kept per attempt, not per render: React renders a
 * failed component again before giving up, and a fresh import on each of those would never end.
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const fetchOnce = () =>
    lazy(async () => {
      const module = (await load()) as Awaited<ReturnType<typeof load>> | undefined;
      // Vite answers undefined for a chunk it could not fetch when a `vite:preloadError` listener
      // took the error (the chunk-failure guard, scripts/page-transitions.ts): a failure too.
      if (!module) throw new Error('The dialog could not be loaded');
      return module;
    });
  const attempts = new Map<number, ReturnType<typeof fetchOnce>>();
  return function RetryingDialog(props: P) {
    const attempt = useContext(Attempt);
    let Dialog = attempts.get(attempt);
    if (!Dialog) attempts.set(attempt, (Dialog = fetchOnce()));
    return <Dialog {...props} />;
  };
}

interface Props {
  /** Whether the dialog is asked for now: a new open after a failure tries again. */
  open: boolean;
  onFailed: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  open: boolean;
  /** Opens after a failure so far: each is a new fetch of a lazyDialog's code. */
  attempt: number;
}

export default class LazyDialog extends Component<Props, State> {
  state: State = { failed: false, open: this.props.open, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.open === state.open) return null;
    if (!props.open) return { open: false };
    return state.failed ? { open: true, failed: false, attempt: state.attempt + 1 } : { open: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[dialog] could not be loaded:', error, info.componentStack);
    this.props.onFailed();
  }

  render(): ReactNode {
    if (this.state.failed) return null;
    return (
      <Attempt.Provider value={this.state.attempt}>
        <Suspense fallback={null}>{this.props.children}</Suspense>
      </Attempt.Provider>
    );
  }
}
