import type { ReactNode } from 'react';

/** An empty or placeholder state: an icon, a title, a line of text and an action (the dashboard's tabs, the Messages tab). */
export function EmptyPanel({ icon, title, text, action }: { icon: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="bg-card flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">{icon}</div>
      <h3 className="text-lg font-semibold">{title}</h3>
      {text ? <p className="text-muted-foreground mt-1 max-w-sm text-sm">{text}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
