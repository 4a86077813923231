import { initials } from '@shared/format';
import type { SessionUser } from '@shared/schemas/auth';
import { ChevronDown, FileText, Info, LayoutDashboard, LogOut, Menu, Shield, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession, useSignOut } from '../../features/auth/hooks/use-session';
import { Logo } from '../brand/logo';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Separator } from '../ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '../ui/sheet';
import { ThemeToggle } from './theme-toggle';

export const LEARN_MORE_LINKS = [
  { to: '/about', label: 'About', icon: Info },
  { to: '/privacy', label: 'Privacy Policy', icon: Shield },
  { to: '/terms', label: 'Terms of Service', icon: FileText },
] as const;

/** Desktop: a 'Learn More' dropdown (its own chunk: lazy-header-menus.tsx). */
export function LearnMoreMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-1">
          Learn More <ChevronDown className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        {LEARN_MORE_LINKS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon className="size-4" aria-hidden /> {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * A signed-in person's account menu (issue 15 point 9): their initials as the trigger; Dashboard,
 * Profile and Sign Out, and on phones (no Learn More dropdown there) the Learn More links.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its text, not aria-label: the initials one sees are not part of the name. */}
        <Button variant="ghost" size="icon" className="rounded-full">
          <span className="bg-primary/10 text-primary flex size-8 items-center justify-center rounded-full text-xs font-semibold" aria-hidden>
            {initials(user.name, user.email)}
          </span>
          <span className="sr-only">Account menu</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="font-semibold break-words">{user.name.trim() || 'User'}</span>
          <span className="text-muted-foreground text-xs break-all">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuGroup className="md:hidden">
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="text-muted-foreground text-xs">Learn More</DropdownMenuLabel>
          {LEARN_MORE_LINKS.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden /> {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden /> {signOut.isPending ? 'Signing out...' : 'Sign Out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Mobile (below 768 px): a drawer with the Learn More links, the theme switch and the account buttons. */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-[18rem] gap-0 p-0">
        <SheetHeader className="border-b p-4">
          <SheetTitle asChild>
            <div>
              <Logo size="sm" />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">Site menu</SheetDescription>
        </SheetHeader>
        <nav aria-label="Learn More" className="flex flex-col gap-1 p-3">
          <p className="text-muted-foreground px-3 pt-1 pb-2 text-xs font-semibold tracking-wide uppercase">Learn More</p>
          {LEARN_MORE_LINKS.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              onClick={close}
              className="hover:bg-accent hover:text-accent-foreground flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium"
            >
              <Icon className="text-muted-foreground size-4" aria-hidden /> {label}
            </Link>
          ))}
        </nav>
        <Separator />
        <div className="flex items-center justify-between px-6 py-3">
          <span className="text-sm font-medium">Theme</span>
          <ThemeToggle />
        </div>
        <Separator />
        <div className="flex flex-col gap-2 p-4">
          {session.status === 'signed-in' ? (
            <Button asChild onClick={close}>
              <Link to="/dashboard">Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="outline" onClick={close}>
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button asChild onClick={close}>
                <Link to="/auth">Join</Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
