import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteLoadError } from './remote-load-error.tsx';

interface Props {
  /** Called by the fallback's Retry button; the parent re-mounts the boundary with a fresh load. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a remote that fails to load or render, so only its route shows the fallback. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('remote module failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <RemoteLoadError error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
