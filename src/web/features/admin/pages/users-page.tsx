import { type AdminUser, type RoleFilter, roleFilterSchema } from '@shared/schemas/admin';
import type { Role } from '@shared/schemas/auth';
import { Crown, type LucideIcon, MoreHorizontal, ShieldCheck, ShieldOff, User, UserCog, Users } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Avatar, AvatarFallback } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { useChangeRole, useResetTwoFactor, useUserCounts, useUsers } from '../api/admin-api';
import { AdminList, FilterSelect, SearchBox } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { RoleBadge } from '../components/role-badge';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount } from '../lib/format';
import { initials } from '@shared/format';
import { timeAgo } from '@shared/rules/time-ago';
import { useChoiceParam, useSearchParam } from '../lib/use-url-filters';

const ROLE_FILTERS: { value: RoleFilter; label: string }[] = [
  { value: 'all', label: 'All Roles' },
  { value: 'admin', label: 'Admins' },
  { value: 'moderator', label: 'Moderators' },
  { value: 'user', label: 'Users' },
];

const ROLE_ACTIONS: { role: Role; label: string; icon: LucideIcon }[] = [
  { role: 'admin', label: 'Make Admin', icon: Crown },
  { role: 'moderator', label: 'Make Moderator', icon: ShieldCheck },
  { role: 'user', label: 'Make User', icon: User },
];

export default function UsersPage({ currentUserId }: { currentUserId: string }) {
  const search = useSearchParam('q');
  const [role, setRole] = useChoiceParam('role', roleFilterSchema.options, 'all');
  const counts = useUserCounts();
  const list = useUsers({ q: search.value || undefined, role });
  const change = useChangeRole();
  const reset = useResetTwoFactor();
  const [resetTarget, setResetTarget] = useState<AdminUser | null>(null);
  const c = counts.data;

  const confirmReset = () => {
    if (!resetTarget) return;
    reset.mutate(resetTarget.id, {
      onSuccess: (user) =>
        toast({ title: 'Two-factor turned off', description: `${user.name ?? user.email} can sign in with their password and has been emailed.` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Update Failed', description: error.message }),
      onSettled: () => setResetTarget(null),
    });
  };
  const menuFor = (u: AdminUser) => (
    <RoleMenu
      user={u}
      you={u.id === currentUserId}
      busy={(change.isPending && change.variables?.userId === u.id) || (reset.isPending && reset.variables === u.id)}
      onChange={(r) => setUserRole(u.id, r)}
      onResetTwoFactor={() => setResetTarget(u)}
    />
  );

  const setUserRole = (userId: string, next: Role) =>
    change.mutate(
      { userId, role: next },
      {
        onSuccess: () => toast({ title: 'Role Updated', description: 'User role has been updated successfully.' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Update Failed', description: error.message }),
      },
    );

  return (
    <>
      <PageHeader title="User Management" description="Find people, see how to reach them, and set their roles." />
      <StatGrid>
        <StatCard label="Total Users" icon={Users} loading={counts.isPending} value={c && formatCount(c.total)} />
        <StatCard label="Admins" icon={Crown} tone="destructive" loading={counts.isPending} value={c && formatCount(c.admins)} />
        <StatCard label="Moderators" icon={ShieldCheck} tone="info" loading={counts.isPending} value={c && formatCount(c.moderators)} />
        <StatCard label="Regular Users" icon={User} tone="success" loading={counts.isPending} value={c && formatCount(c.users)} />
      </StatGrid>

      <AdminList
        query={list}
        keyOf={(u) => u.id}
        breakpoint="lg"
        empty="No users found matching your search criteria."
        toolbar={
          <>
            <SearchBox value={search.text} onChange={search.setText} placeholder="Search by name or email..." label="Search users" />
            <FilterSelect value={role} onChange={setRole} options={ROLE_FILTERS} label="Filter by role" className="w-full sm:w-44" />
          </>
        }
        row={(u) => (
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1 space-y-2">
              <UserCell user={u} you={u.id === currentUserId} />
              <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 pl-12 text-xs">
                <RoleBadge role={u.role} />
                {u.twoFactorEnabled && <TwoFactorMark />}
                <span>
                  Joined <time dateTime={u.createdAt}>{timeAgo(u.createdAt)}</time>
                </span>
                <span className={u.contact ? 'text-foreground' : 'italic'}>{u.contact ?? 'Not provided'}</span>
              </div>
            </div>
            {menuFor(u)}
          </div>
        )}
        columns={[
          { header: 'User', headClassName: 'pl-4', cellClassName: 'pl-4', cell: (u) => <UserCell user={u} you={u.id === currentUserId} /> },
          {
            header: 'Role',
            cell: (u) => (
              <div className="flex flex-wrap items-center gap-2">
                <RoleBadge role={u.role} />
                {u.twoFactorEnabled && <TwoFactorMark />}
              </div>
            ),
          },
          { header: 'Joined', cellClassName: 'text-muted-foreground', cell: (u) => <time dateTime={u.createdAt}>{timeAgo(u.createdAt)}</time> },
          {
            header: 'Contact',
            cellClassName: (u) => (u.contact ? 'max-w-44 truncate' : 'text-muted-foreground italic'),
            cell: (u) => u.contact ?? 'Not provided',
          },
          { header: 'Actions', headClassName: 'pr-4 text-right', cellClassName: 'pr-4 text-right', cell: menuFor },
        ]}
      />

      <ConfirmDialog
        open={resetTarget !== null}
        onClose={() => setResetTarget(null)}
        title="Turn off two-factor authentication?"
        description={
          <>
            Only do this for {resetTarget?.name ?? resetTarget?.email} once you have checked that the request comes from them (for
            example, by writing to {resetTarget?.email} and hearing back). Sign-in will then ask for their password only; they
            get an email saying so, stay signed in where they are, and can turn it on again from their profile.
          </>
        }
        action="Turn off two-factor"
        pending={reset.isPending}
        onConfirm={confirmReset}
      />
    </>
  );
}

/** Beside the role: sign-in asks this person for an authenticator code. */
function TwoFactorMark() {
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1 text-xs">
      <ShieldCheck className="size-3.5" aria-hidden />
      Two-factor on
    </span>
  );
}

function UserCell({ user, you }: { user: AdminUser; you: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar className="size-9">
        <AvatarFallback className="bg-primary/10 text-primary text-xs font-semibold">{initials(user.name, user.email)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0">
        <p className="max-w-44 truncate font-medium">
          {user.name ?? 'No name'}
          {you && <span className="text-muted-foreground font-normal"> (you)</span>}
        </p>
        <p className="text-muted-foreground max-w-44 truncate text-xs">{user.email}</p>
      </div>
    </div>
  );
}

function RoleMenu(props: { user: AdminUser; you: boolean; busy: boolean; onChange: (role: Role) => void; onResetTwoFactor: () => void }) {
  const { user, busy, onChange } = props;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${user.name ?? user.email}`} disabled={busy}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="flex items-center gap-2">
          <UserCog className="size-4" aria-hidden />
          Change role
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ROLE_ACTIONS.map((a) => (
          <DropdownMenuItem key={a.role} disabled={user.role === a.role} onSelect={() => onChange(a.role)}>
            <a.icon aria-hidden />
            {a.label}
          </DropdownMenuItem>
        ))}
        {/* One's own is turned off on the profile, with the password. */}
        {user.twoFactorEnabled && !props.you && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={props.onResetTwoFactor}>
              <ShieldOff aria-hidden />
              Turn off two-factor
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
