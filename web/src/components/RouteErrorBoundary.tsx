import { Component, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  children: ReactNode;
  fallback: ComponentType<{ error: unknown }>;
  /** The current path: a new path clears a caught error, so that leaving a crashed page works. */
  path: string;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  path: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { caught: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { caught: null, path: props.path };
  }

  render() {
    const { caught } = this.state;
    const Fallback = this.props.fallback;
    return caught ? <Fallback error={caught.error} /> : this.props.children;
  }
}

/**
 * The pages' error boundary under the router: a page that throws while rendering (or whose lazy chunk
 * fails to load) shows `fallback` in its place, until the visitor goes to another path. It stands in for
 * the data router's `errorElement`: both apps use React Router's declarative `<BrowserRouter>`, whose
 * code is about 16 KB gzipped lighter than `createBrowserRouter`'s (docs/performance.md).
 */
export function RouteErrorBoundary({ children, fallback }: { children: ReactNode; fallback: ComponentType<{ error: unknown }> }) {
  const { pathname } = useLocation();
  return (
    <Boundary path={pathname} fallback={fallback}>
      {children}
    </Boundary>
  );
}
