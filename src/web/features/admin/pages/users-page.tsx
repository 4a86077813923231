import { type AdminUser, type RoleFilter, roleFilterSchema } from '@shared/schemas/admin';
import type { Role } from '@shared/schemas/auth';
import { Crown, type LucideIcon, MoreHorizontal, ShieldCheck, User, UserCog, Users } from 'lucide-react';
import { Avatar, AvatarFallback } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { useChangeRole, useUserCounts, useUsers } from '../api/admin-api';
import { EmptyRow, ErrorRow, LoadMore, MobileList, SearchBox, SkeletonRows, WideOnly } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { RoleBadge } from '../components/role-badge';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount, relativeDate } from '../lib/format';
import { initials } from '@shared/format';
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

const COLUMNS = 5;

export default function UsersPage({ currentUserId }: { currentUserId: string }) {
  const search = useSearchParam('q');
  const [role, setRole] = useChoiceParam('role', roleFilterSchema.options, 'all');
  const counts = useUserCounts();
  const list = useUsers({ q: search.value || undefined, role });
  const change = useChangeRole();
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const c = counts.data;

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

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center">
          <SearchBox value={search.text} onChange={search.setText} placeholder="Search by name or email..." label="Search users" />
          <Select value={role} onValueChange={(v) => setRole(v as RoleFilter)}>
            <SelectTrigger className="w-full sm:w-44" aria-label="Filter by role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLE_FILTERS.map((f) => (
                <SelectItem key={f.value} value={f.value}>
                  {f.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <MobileList
          breakpoint="lg"
          items={rows}
          keyOf={(u) => u.id}
          pending={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          empty="No users found matching your search criteria."
          render={(u) => (
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1 space-y-2">
                <UserCell user={u} you={u.id === currentUserId} />
                <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 pl-12 text-xs">
                  <RoleBadge role={u.role} />
                  <span>
                    Joined <time dateTime={u.createdAt}>{relativeDate(u.createdAt)}</time>
                  </span>
                  <span className={u.contact ? 'text-foreground' : 'italic'}>{u.contact ?? 'Not provided'}</span>
                </div>
              </div>
              <RoleMenu user={u} busy={change.isPending && change.variables?.userId === u.id} onChange={(r) => setUserRole(u.id, r)} />
            </div>
          )}
        />
        <WideOnly breakpoint="lg">
          <Table aria-busy={list.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">User</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead>Contact</TableHead>
                <TableHead className="pr-4 text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows columns={COLUMNS} />
              ) : list.isError ? (
                <ErrorRow columns={COLUMNS} message={list.error.message} onRetry={() => void list.refetch()} />
              ) : rows.length === 0 ? (
                <EmptyRow columns={COLUMNS}>No users found matching your search criteria.</EmptyRow>
              ) : (
                rows.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell className="pl-4">
                      <UserCell user={u} you={u.id === currentUserId} />
                    </TableCell>
                    <TableCell>
                      <RoleBadge role={u.role} />
                    </TableCell>
                    <TableCell className="text-muted-foreground">
                      <time dateTime={u.createdAt}>{relativeDate(u.createdAt)}</time>
                    </TableCell>
                    <TableCell className={u.contact ? 'max-w-44 truncate' : 'text-muted-foreground italic'}>{u.contact ?? 'Not provided'}</TableCell>
                    <TableCell className="pr-4 text-right">
                      <RoleMenu user={u} busy={change.isPending && change.variables?.userId === u.id} onChange={(r) => setUserRole(u.id, r)} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </WideOnly>
        <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      </Card>
    </>
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

function RoleMenu({ user, busy, onChange }: { user: AdminUser; busy: boolean; onChange: (role: Role) => void }) {
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
