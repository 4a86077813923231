import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { Link, useLocation } from 'react-router';

/** What a page that failed while rendering shows, unless its screen names a view of its own. */
export function PageError() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground mt-2">This page could not be shown. Please try again.</p>
      <Link to="/" className="text-primary mt-6 font-medium underline underline-offset-4">
        Return to Home
      </Link>
    </div>
  );
}


interface BoundaryProps {
  view: ComponentType;
  /** The address: the page is tried again when it changes. */
  at: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; at: string }> {
  override state = { failed: false, at: this.props.at };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { at: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const View = this.props.view;
    return (
      <Suspense fallback={null}>
        <View />
      </Suspense>
    );
  }
}

/** A screen's error view in place of its page when the page throws while rendering (in the browser). */
export function RouteErrorBoundary({ view, children }: { view: ComponentType | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary view={view ?? PageError} at={pathname}>
      {children}
    </Boundary>
  );
}
