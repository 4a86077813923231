import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../../lib/theme';
import { Button } from '../ui/button';

/**
 * Switches between light and dark (starting from whatever the system chose). The page's `dark`
 * class (set before the first paint, public/theme-init.js) picks the icon and the name, so the
 * server's markup is right for every reader and hydration renders nothing again (issue 18).
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { resolved, setChoice } = useTheme();
  return (
    <Button type="button" variant="ghost" size="icon" className={className} onClick={() => setChoice(resolved === 'dark' ? 'light' : 'dark')}>
      <Moon className="size-5 dark:hidden" aria-hidden />
      <Sun className="hidden size-5 dark:block" aria-hidden />
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
    </Button>
  );
}
