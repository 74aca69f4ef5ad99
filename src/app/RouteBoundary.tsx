import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from './pages/RouteError';

interface BoundaryProps {
  /** The error clears when this changes: leaving a broken page for another gives that page its chance. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  key: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, key: this.props.resetKey };

  // Runs before rendering the children: a new key clears the old error first, so an error the new page
  // throws itself is caught afresh and stays.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: false, error: null };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * A route's error boundary: what failed in it (a render error, a lazy chunk that did not load) is
 * replaced by RouteError while the header and navigation stay usable. Never a blank page.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
