/** 'Back to …' above a page's title: a quiet link with an arrow. */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

export function BackLink({ to, children, className }: { to: string; children: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'text-muted-foreground hover:text-foreground focus-visible:ring-ring inline-flex items-center gap-1.5 rounded-md text-sm focus-visible:ring-2 focus-visible:outline-none',
        className,
      )}
    >
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </Link>
  );
}
