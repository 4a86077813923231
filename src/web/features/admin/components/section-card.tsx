import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** An admin page's titled card: an icon, a heading and a line saying what it holds, then its content. */
export function SectionCard({
  icon: Icon,
  title,
  description,
  className,
  contentClassName = 'space-y-5',
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h3 className="flex items-center gap-2">
            <Icon className="text-primary size-4" aria-hidden />
            {title}
          </h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
