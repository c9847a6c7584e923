// The one error boundary around every island (mounted centrally by src/scripts/react-island-client.ts,
// not by each island): a render crash shows "an error occurred" and a reload button in the island's
// own region instead of a blank area, and the error goes to the console.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '~/i18n/client';

function IslandFailed({ locale }: { locale?: string }) {
  const t = useT(locale);
  return (
    <div className="island-failed" role="alert">
      <p>{t('errors.genericTitle')}</p>
      <button type="button" className="button" onClick={() => location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

interface Props {
  /** The island's `locale` prop: the fallback speaks the page's language. */
  locale?: string;
  children?: ReactNode;
}

export default class IslandBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[island] crashed:', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <IslandFailed locale={this.props.locale} /> : this.props.children;
  }
}
