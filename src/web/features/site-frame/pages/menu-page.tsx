import { Link } from 'react-router';
import { LEARN_MORE_LINKS } from '../../../components/layout/learn-more-menu';
import { Button } from '../../../components/ui/button';

/**
 * /menu: the phone menu as a page (issue 27 point 5). The header's menu button is a link here, so
 * a phone without JavaScript still reaches Learn More, Sign In and Join; with it, the button opens
 * the drawer instead.
 */
export default function MenuPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Menu</h1>
      <nav aria-label="Learn More" className="mt-6 flex flex-col gap-1">
        <p className="text-muted-foreground px-3 pb-2 text-xs font-semibold tracking-wide uppercase">Learn More</p>
        {LEARN_MORE_LINKS.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className="hover:bg-accent hover:text-accent-foreground flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium">
            <Icon className="text-muted-foreground size-4" aria-hidden /> {label}
          </Link>
        ))}
      </nav>
      <div className="mt-6 flex flex-col gap-2 border-t pt-6">
        <Button asChild variant="outline">
          <Link to="/auth">Sign In</Link>
        </Button>
        <Button asChild>
          <Link to="/auth?tab=signup">Join</Link>
        </Button>
      </div>
    </div>
  );
}
