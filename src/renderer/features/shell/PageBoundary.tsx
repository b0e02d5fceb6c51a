import { Component, type ReactNode } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';

/**
 * A page (or `what` else: the command palette) that throws while it renders (its code could not
 * load, or a bug) shows what went wrong and a way out in its place, under the studio's navigation,
 * instead of taking the whole app down to a blank window. The shell keys it by page: going to
 * another page starts it afresh.
 */
export class PageBoundary extends Component<{ children: ReactNode; what?: string }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="pad" data-testid="page-error">
        <ErrorNotice message={`This ${this.props.what ?? 'page'} could not be shown: ${error.message}`} onRetry={() => this.setState({ error: undefined })} />
        <p className="muted">
          If its code could not load, reload the app: <button type="button" onClick={() => location.reload()}>Reload</button>
        </p>
      </div>
    );
  }
}
