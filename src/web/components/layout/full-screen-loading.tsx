import { LogoMark } from '../brand/logo';

/** The spec's full-screen loading view: 'Loading...'. */
export function FullScreenLoading() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <LogoMark className="size-10 animate-pulse" />
      <p className="text-muted-foreground text-sm">Loading...</p>
    </div>
  );
}
