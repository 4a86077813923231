import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../../lib/theme';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../ui/button';

/** Switches between light and dark (starting from whatever the system chose). */
export function ThemeToggle({ className }: { className?: string }) {
  const { resolved: theme, setChoice } = useTheme();
  // The server paints the light button (it cannot know the person's theme); hydration draws the
  // same, and the real one follows right after.
  const resolved = useHydrated() ? theme : 'light';
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={className}
      onClick={() => setChoice(next)}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {resolved === 'dark' ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </Button>
  );
}
