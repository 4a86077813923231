import type { Role } from '@shared/schemas/auth';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

const variants = { admin: 'destructive', moderator: 'secondary', user: 'outline' } as const;

/** SPEC §6: admin destructive, moderator secondary, user outline. */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge variant={variants[role]} className={cn('capitalize', className)}>
      {role}
    </Badge>
  );
}
