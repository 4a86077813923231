import { LogoMark } from '../brand/logo';

/**
 * The spec's full-screen loading view: 'Loading...'. A full viewport tall, so the footer below it
 * stays out of sight while a page loads and does not jump when the page arrives (CLS).
 */
export function FullScreenLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <LogoMark className="size-10 animate-pulse" />
      <p className="text-muted-foreground text-sm">Loading...</p>
    </div>
  );
}
