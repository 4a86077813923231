import { Moon, Sun } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { useTheme } from '../../lib/theme';
import { Button } from '../ui/button';

/** Switches between light and dark (starting from whatever the system chose). */
export function ThemeToggle({ className }: { className?: string }) {
  const { resolved: theme, setChoice } = useTheme();
  // The server paints the light button (it cannot know the person's theme) and the app hydrates
  // that markup, which must match its first render: the real one follows before the next paint.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  const resolved = mounted ? theme : 'light';
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
