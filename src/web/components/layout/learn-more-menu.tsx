import { PersonAvatar } from '../people/person-avatar';
import type { SessionUser } from '@shared/schemas/auth';
import { ChevronDown, FileText, Info, LayoutDashboard, LogOut, Menu, Shield, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
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

/** Signing out, as the header's caller runs it: the menu item starts it and says when it is under way. */
export interface SignOutAction {
  run: () => void;
  pending: boolean;
}

/**
 * A signed-in person's account menu (issue 15 point 9): their avatar (photo, or initials) as the trigger; Dashboard,
 * Profile and Sign Out, and on phones (no Learn More dropdown there) the Learn More links.
 */
export function AccountMenu({ user, signOut }: { user: SessionUser; signOut: SignOutAction }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its text, not aria-label: the avatar one sees are not part of the name. */}
        <Button variant="ghost" size="icon" className="rounded-full">
          <PersonAvatar person={{ id: user.id, name: user.name.trim() || user.email, avatarUrl: user.image }} size="sm" />
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
        <DropdownMenuItem disabled={signOut.pending} onSelect={signOut.run}>
          <LogOut aria-hidden /> {signOut.pending ? 'Signing out...' : 'Sign Out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Mobile (below 768 px), for a visitor: a drawer with the Learn More links, the theme switch, Sign In and Join. */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        {/* A link to the menu's own page, which a phone without JavaScript follows; with it, the drawer opens. */}
        <Button asChild variant="ghost" size="icon">
          <a
            href="/menu"
            role="button"
            aria-label="Open menu"
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            <Menu className="size-5" aria-hidden />
          </a>
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
          <Button asChild variant="outline" onClick={close}>
            <Link to="/auth">Sign In</Link>
          </Button>
          <Button asChild onClick={close}>
            <Link to="/auth">Join</Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
