import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** A blurred preview with an unlock panel over it (SPEC §4 Premium). */
export function LockedOverlay({
  children,
  title,
  buttonLabel,
  onUnlock,
}: {
  children: ReactNode;
  title: string;
  buttonLabel: string;
  onUnlock: () => void;
}) {
  return (
    <div className="relative min-h-44 overflow-hidden rounded-lg" data-locked="true">
      <div className="pointer-events-none blur-[4px] select-none" data-testid="locked-preview">
        {children}
      </div>
      <div className="via-card/50 to-card/90 absolute inset-0 flex items-center justify-center bg-gradient-to-b from-transparent p-4">
        <div className="bg-background/95 flex max-w-sm flex-col items-center gap-3 rounded-xl border px-5 py-4 text-center shadow-md">
          <span className="bg-primary/10 text-primary rounded-full p-2">
            <Lock className="size-4" aria-hidden />
          </span>
          <p className="text-sm font-medium text-balance">{title}</p>
          <Button onClick={onUnlock} size="sm">
            {buttonLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
