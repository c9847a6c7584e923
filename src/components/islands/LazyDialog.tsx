// A dialog fetched on its first open (useOpenedOnce.ts) may not arrive: a phone losing the line, a
// deploy in between. That must cost the dialog, not the island around it (IslandBoundary would
// replace the whole product list or app bar with "an error occurred"): a failed load renders
// nothing, the caller closes the dialog and says the server could not be reached (spec §8), and
// each later open tries again and says so again rather than doing nothing.
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Whether the dialog is asked for now: a new open after a failure tries again. */
  open: boolean;
  onFailed: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  open: boolean;
}

export default class LazyDialog extends Component<Props, State> {
  state: State = { failed: false, open: this.props.open };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.open === state.open) return null;
    return props.open ? { open: true, failed: false } : { open: false };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[dialog] could not be loaded:', error, info.componentStack);
    this.props.onFailed();
  }

  render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
