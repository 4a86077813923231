/**
 * Where a header puts the notifications bell: for a signed-in person, the bell (a chunk of its
 * own: nothing of it is in the home route's first JavaScript, and visitors never load it); nothing
 * for anyone else. The server draws the bell in full; the browser hydrates it once its chunk is in.
 */
import { lazy, Suspense } from 'react';

const NotificationBell = lazy(() => import('./notification-bell'));

export function NotificationBellSlot({ userId, className }: { userId: string | null | undefined; className?: string }) {
  if (!userId) return null;
  return (
    <Suspense fallback={<span className="inline-block size-9 shrink-0" aria-hidden />}>
      <NotificationBell userId={userId} className={className} />
    </Suspense>
  );
}
