import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/layout/page-meta';

/** A section's title (h2 under the header's 'Admin Panel'), its description and actions. */
export function PageHeader({ title, description, actions }: { title: string; description: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <PageMeta title={`${title} | Admin Panel`} />
      <div className="space-y-1">
        <h2 className="text-h2">{title}</h2>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
