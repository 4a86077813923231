import type { AdminSection } from '@shared/schemas/admin';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../../components/brand/logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  SidebarRail,
  useSidebar,
} from '../../../components/ui/sidebar';
import { adminPath, SECTION_LINKS } from '../lib/sections';

/**
 * The panel's navigation. Each person sees the sections they may open: everything for admins,
 * Content and Reports for moderators (with a note saying so), so nothing in it leads to a refusal.
 */
export function AdminSidebar({ sections, role }: { sections: AdminSection[] | null; role: string | null }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const close = () => {
    if (isMobile) setOpenMobile(false);
  };
  const links = sections ? SECTION_LINKS.filter((l) => sections.includes(l.section)) : null;

  return (
    <Sidebar collapsible="icon" label="Admin navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="IdeaHub Admin">
              <Link to="/admin" onClick={close}>
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <LogoMark className="size-8" />
                </span>
                <span className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">IdeaHub</span>
                  <span className="text-muted-foreground truncate text-xs">{role === 'moderator' ? 'Moderation' : 'Administration'}</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Admin sections">
          <SidebarGroup>
            <SidebarGroupLabel>{role === 'moderator' ? 'Moderator tools' : 'Sections'}</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {links === null
                  ? SECTION_LINKS.map((l) => (
                      <SidebarMenuItem key={l.section}>
                        <SidebarMenuSkeleton showIcon className="h-12" />
                      </SidebarMenuItem>
                    ))
                  : links.map((l) => {
                      const href = adminPath(l.path);
                      const active = l.path === '' ? pathname === '/admin' || pathname === '/admin/' : pathname.startsWith(href);
                      return (
                        <SidebarMenuItem key={l.section}>
                          <SidebarMenuButton asChild size="lg" isActive={active} tooltip={l.title} className="group-data-[collapsible=icon]:p-2!">
                            <Link to={href} onClick={close}>
                              <l.icon aria-hidden />
                              <span className="grid flex-1 text-left leading-tight">
                                <span className="truncate font-medium">{l.title}</span>
                                <span className="text-muted-foreground truncate text-xs font-normal">{l.subtitle}</span>
                              </span>
                            </Link>
                          </SidebarMenuButton>
                        </SidebarMenuItem>
                      );
                    })}
              </SidebarMenu>
              {role === 'moderator' && (
                <p className="text-muted-foreground px-2 pt-3 text-xs leading-relaxed group-data-[collapsible=icon]:hidden">
                  As a moderator you can review and remove content. The other sections are for admins.
                </p>
              )}
            </SidebarGroupContent>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Back to Site">
              <Link to="/">
                <ArrowLeft aria-hidden />
                <span>Back to Site</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
