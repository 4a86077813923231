import type { AdminMe } from '@shared/schemas/admin';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignedInActions } from '../../site-frame';
import { Separator } from '../../../components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '../../../components/ui/sidebar';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../auth';
import { useMaintenanceStatus } from '../api/maintenance';
import { AdminSidebar } from './admin-sidebar';
import { MaintenanceBanner } from './maintenance-gate';
import { RoleBadge } from './role-badge';

/** Sidebar, header 'Admin Panel' with the site's signed-in actions, and the section (SPEC §2). The sidebar keeps its state in a cookie. */
export function AdminLayout({ me }: { me: AdminMe }) {
  const session = useSession();
  const maintenance = useMaintenanceStatus();
  return (
    <SidebarProvider>
      <a
        href="#admin-content"
        className="bg-primary text-primary-foreground sr-only z-50 rounded-md px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminSidebar sections={me.sections} role={me.role} />
      <SidebarInset>
        {maintenance.data?.maintenanceMode && <MaintenanceBanner />}
        <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mx-1 max-sm:hidden data-[orientation=vertical]:h-5" />
          <h1 className="text-base font-semibold whitespace-nowrap max-sm:sr-only">Admin Panel</h1>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {session.user ? (
              <>
                <RoleBadge role={me.role} className="hidden lg:inline-flex" />
                <SignedInActions user={session.user} />
              </>
            ) : (
              <Skeleton className="h-5 w-32" />
            )}
          </div>
        </header>
        <div id="admin-content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 space-y-6 p-4 outline-none sm:p-6">
          <Suspense fallback={<SectionSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}

function SectionSkeleton() {
  return (
    <div className="space-y-6" aria-hidden>
      <Skeleton className="h-8 w-56" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}
