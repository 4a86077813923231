/** The panel's sections as the sidebar lists them (SPEC §2 Admin panel). */
import type { AdminSection } from '@shared/schemas/admin';
import { ChartColumn, FileText, Flag, LayoutDashboard, type LucideIcon, ScrollText, Settings, Tags, Users, Wallet } from 'lucide-react';

export interface SectionLink {
  section: AdminSection;
  /** Relative to /admin ('' is the overview). */
  path: string;
  title: string;
  subtitle: string;
  icon: LucideIcon;
}

export const SECTION_LINKS: readonly SectionLink[] = [
  { section: 'overview', path: '', title: 'Dashboard', subtitle: 'Overview & Stats', icon: LayoutDashboard },
  { section: 'users', path: 'users', title: 'Users', subtitle: 'User Management', icon: Users },
  { section: 'content', path: 'content', title: 'Content', subtitle: 'Ideas & Products', icon: FileText },
  // Not in SPEC §2's list: the topics items carry (issue 27 point 3; admins only).
  { section: 'topics', path: 'topics', title: 'Topics', subtitle: 'Names & addresses', icon: Tags },
  // Not in SPEC §2's list: the moderators' queue of issue 14 point 15 (moderators and admins).
  { section: 'reports', path: 'reports', title: 'Reports', subtitle: 'Moderation queue', icon: Flag },
  { section: 'financial', path: 'financial', title: 'Financial', subtitle: 'Payments & Revenue', icon: Wallet },
  { section: 'analytics', path: 'analytics', title: 'Analytics', subtitle: 'System Metrics', icon: ChartColumn },
  { section: 'settings', path: 'settings', title: 'Settings', subtitle: 'Configuration', icon: Settings },
  // Not in SPEC §2's list: the audit log of issue 14 point 16 (admins only).
  { section: 'audit', path: 'audit', title: 'Audit Log', subtitle: 'Who did what', icon: ScrollText },
];

export const adminPath = (path: string) => (path ? `/admin/${path}` : '/admin');
