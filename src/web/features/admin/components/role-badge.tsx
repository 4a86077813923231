import type { Role } from '@shared/schemas/auth';
import { Badge } from '../../../components/ui/badge';

const variants = { admin: 'destructive', moderator: 'secondary', user: 'outline' } as const;

/** SPEC §6: admin destructive, moderator secondary, user outline. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={variants[role]} className="capitalize">
      {role}
    </Badge>
  );
}
