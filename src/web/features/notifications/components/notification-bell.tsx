/**
 * The header's 'Notifications' control (issue 17 point 1), for a signed-in person: a link to
 * /notifications named 'Notifications, 3 unread' ('Notifications' with none). A chunk of its own
 * (lazy-notification-bell.tsx), so visitors never load it. The count comes with the page when the
 * server draws it (page-loaders.ts), so hydration meets the same text; once the page is
 * interactive, the live stream (another chunk) keeps it current across tabs and instances.
 */
import { notificationsLabel } from '@shared/rules/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../api/unread-count';

export default function NotificationBell({ userId, className }: { userId: string; className?: string }) {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const client = useQueryClient();

  useEffect(() => {
    let leave: (() => void) | undefined;
    let cancelled = false;
    const start = () =>
      void import('./notification-stream').then((m) => {
        if (!cancelled) leave = m.followUnreadCount(client);
      });
    // After the page is interactive: the stream is never part of the first render's work.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 2000 }) : undefined;
    const timer = idle === undefined ? setTimeout(start, 200) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
      leave?.();
    };
  }, [userId, client]);

  return (
    <Button asChild variant="ghost" size="icon" className={cn('relative shrink-0', className)}>
      <Link to="/notifications" aria-label={notificationsLabel(unread)}>
        <Bell className="size-5" aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            className="bg-destructive absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
