/**
 * The toasts' viewport and their look, on sonner. `visibleToasts={1}` and dismissing the current
 * toast before showing the next keep the spec's one toast at a time, the new one replacing the old.
 * Each toast is our own card (sonner's custom toast), so titles, descriptions and the destructive
 * style read as the rest of the design system. Mount `<Toaster />` once; raise toasts with `toast()`
 * from use-toast.ts.
 */
import { XIcon } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { Toaster as Sonner, toast as sonner } from 'sonner';
import { cn } from '../../lib/cn';
import { useIsMobile } from './use-mobile';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  /** 'destructive': the error style. */
  variant?: 'default' | 'destructive';
}

/** How long a toast stays (the earlier Radix toasts' 5 s), unless the pointer rests on it. */
const DURATION_MS = 5000;

export function showToast(options: ToastOptions): void {
  sonner.dismiss();
  sonner.custom((id) => <ToastCard {...options} onClose={() => sonner.dismiss(id)} />);
}

function ToastCard({ title, description, variant = 'default', onClose }: ToastOptions & { onClose: () => void }) {
  const destructive = variant === 'destructive';
  return (
    <div
      data-slot="toast"
      data-variant={variant}
      className={cn(
        'pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
        destructive ? 'border-destructive bg-destructive text-destructive-foreground' : 'bg-background text-foreground border',
      )}
    >
      <div className="grid gap-1">
        {title !== undefined && title !== null ? (
          <div data-slot="toast-title" className="text-sm font-semibold [&+div]:text-xs">
            {title}
          </div>
        ) : null}
        {description !== undefined && description !== null ? (
          <div data-slot="toast-description" className="text-sm opacity-90">
            {description}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        data-slot="toast-close"
        onClick={onClose}
        className={cn(
          'focus-visible:ring-ring/50 absolute top-2 right-2 rounded-md p-1 transition-opacity outline-none focus-visible:ring-[3px]',
          destructive ? 'text-destructive-foreground/80 hover:text-destructive-foreground focus-visible:ring-destructive-foreground/50' : 'text-foreground/60 hover:text-foreground',
        )}
      >
        <XIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </div>
  );
}

/** Bottom right on wide screens, across the top on phones; as wide as the earlier toasts at most. */
export function Toaster() {
  const mobile = useIsMobile();
  return (
    <Sonner
      visibleToasts={1}
      duration={DURATION_MS}
      position={mobile ? 'top-center' : 'bottom-right'}
      style={{ '--width': '388px' } as CSSProperties}
      toastOptions={{ className: 'w-full' }}
    />
  );
}
