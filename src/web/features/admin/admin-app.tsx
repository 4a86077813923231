/**
 * The admin panel (/admin/*), a lazily loaded chunk of its own: the access check, the layout and
 * the sections. Admins open every section; moderators Content and Reports; anyone else sees Access
 * Denied. The server checks the same on every request; this only shapes what is shown.
 */
import type { AdminMe, AdminSection } from '@shared/schemas/admin';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAdminMe } from './api/admin-api';
import { AccessDenied, AdminCheckFailed, AdminLoading } from './components/access-denied';
import { AdminLayout } from './components/admin-layout';
import { MaintenanceGate } from './components/maintenance-gate';
import { adminPath, SECTION_LINKS } from './lib/sections';
import AnalyticsPage from './pages/analytics-page';
import AuditPage from './pages/audit-page';
import ContentPage from './pages/content-page';
import FinancialPage from './pages/financial-page';
import OverviewPage from './pages/overview-page';
import ReportsPage from './pages/reports-page';
import SettingsPage from './pages/settings-page';
import TopicsPage from './pages/topics-page';
import UsersPage from './pages/users-page';

/** The first section `me` may open: where /admin leads a moderator. */
function homeOf(me: AdminMe): string {
  const first = SECTION_LINKS.find((l) => me.sections.includes(l.section));
  return adminPath(first?.path ?? '');
}

function Section({ me, section, children }: { me: AdminMe; section: AdminSection; children: ReactNode }) {
  if (!me.sections.includes(section)) return <Navigate to={homeOf(me)} replace />;
  return <>{children}</>;
}

/** Each section's page, at the path the sidebar links to (SECTION_LINKS). */
const SECTION_PAGES: Record<AdminSection, (me: AdminMe) => ReactNode> = {
  overview: () => <OverviewPage />,
  users: (me) => <UsersPage currentUserId={me.userId} />,
  content: () => <ContentPage />,
  topics: () => <TopicsPage />,
  reports: () => <ReportsPage />,
  financial: () => <FinancialPage />,
  analytics: () => <AnalyticsPage />,
  settings: () => <SettingsPage />,
  audit: () => <AuditPage />,
};

function AdminPanel() {
  const me = useAdminMe();
  if (me.isPending) return <AdminLoading />;
  if (me.isError) {
    const error = me.error;
    if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return <AccessDenied />;
    return <AdminCheckFailed message={error.message} onRetry={() => void me.refetch()} />;
  }
  const access = me.data;
  if (access.sections.length === 0) return <AccessDenied />;
  return (
    <Routes>
      <Route element={<AdminLayout me={access} />}>
        {SECTION_LINKS.map(({ section, path }) => {
          const element = (
            <Section me={access} section={section}>
              {SECTION_PAGES[section](access)}
            </Section>
          );
          return path === '' ? <Route key={section} index element={element} /> : <Route key={section} path={path} element={element} />;
        })}
        {/* SPEC §2: any unknown sub-path redirects to /admin. */}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}

export default function AdminApp() {
  return (
    <MaintenanceGate showBanner={false}>
      <AdminPanel />
    </MaintenanceGate>
  );
}
