/**
 * /dashboard (SPEC §2 Dashboard), under the site header: the greeting, Share New Idea and
 * Coupons, the stat cards, and the tabs My Ideas, Saved, Messages and Analytics. The edit and coupons
 * dialogs, and the Analytics tab, load when first opened.
 */
import type { OwnIdea } from '@shared/schemas/ideas';
import { BarChart3, Bookmark, Gift, LayoutGrid, MessagesSquare, Plus, ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../auth';
import { CouponsDialog } from '../../coupons';
import { DeleteIdeaDialog, EditIdeaDialog } from '../../manage-idea';
import { Skeleton } from '../../../components/ui/skeleton';
import { MyIdeasTab } from '../components/my-ideas-tab';
import { MessagesTab, MessagesTabCount } from '../../messages';
import { PurchasesTab } from '../../payments';
import { SavedTab } from '../components/saved-tab';
import { StatCards } from '../components/stat-cards';


// The chart library comes with the tab, when it is first opened.
const AnalyticsTab = lazy(() => import('../components/analytics-tab'));

const TABS = ['ideas', 'saved', 'purchases', 'messages', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'ideas';
  const [editing, setEditing] = useState<OwnIdea | null>(null);
  const [deleting, setDeleting] = useState<OwnIdea | null>(null);
  const [couponsOpen, setCouponsOpen] = useState(false);
  const [couponsLoaded, setCouponsLoaded] = useState(false);
  const [editLoaded, setEditLoaded] = useState(false);
  const session = useSession();
  const name = session.user?.name.trim() || 'User';

  function selectTab(value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'ideas') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="bg-muted/30 min-h-full">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
            <p className="mt-1 text-base">
              Welcome, <span className="font-semibold">{name}</span>
            </p>
            <p className="text-muted-foreground">Everything you have shared, in one place.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/create-idea">
                <Plus aria-hidden /> Share New Idea
              </Link>
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setCouponsLoaded(true);
                setCouponsOpen(true);
              }}
            >
              <Gift aria-hidden /> Coupons
            </Button>
          </div>
        </div>

        <div className="mt-6">
          <StatCards />
        </div>

        <Tabs value={tab} onValueChange={selectTab} className="mt-8 gap-5">
          <TabsList aria-label="Dashboard sections" className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit [&_svg]:hidden sm:[&_svg]:block">
            <TabsTrigger value="ideas" className="px-1.5 sm:px-3">
              <LayoutGrid aria-hidden /> My Ideas
            </TabsTrigger>
            <TabsTrigger value="saved" className="px-1.5 sm:px-3">
              <Bookmark aria-hidden /> Saved
            </TabsTrigger>
            <TabsTrigger value="purchases" className="px-1.5 sm:px-3">
              <ShoppingBag aria-hidden /> Purchases
            </TabsTrigger>
            <TabsTrigger value="messages" className="px-1.5 sm:px-3">
              <MessagesSquare aria-hidden /> Messages
              <MessagesTabCount />
            </TabsTrigger>
            <TabsTrigger value="analytics" className="px-1.5 sm:px-3">
              <BarChart3 aria-hidden /> Analytics
            </TabsTrigger>
          </TabsList>
          <TabsContent value="ideas">
            <MyIdeasTab
              onEdit={(idea) => {
                setEditLoaded(true);
                setEditing(idea);
              }}
              onDelete={setDeleting}
            />
          </TabsContent>
          <TabsContent value="saved">
            <SavedTab />
          </TabsContent>
          <TabsContent value="purchases">
            <PurchasesTab />
          </TabsContent>
          <TabsContent value="messages">
            <MessagesTab />
          </TabsContent>
          <TabsContent value="analytics">
            {tab === 'analytics' ? (
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <AnalyticsTab />
              </Suspense>
            ) : null}
          </TabsContent>
        </Tabs>
      </div>

      <Suspense fallback={null}>
        <DeleteIdeaDialog idea={deleting} onClose={() => setDeleting(null)} />
        {editLoaded ? <EditIdeaDialog idea={editing} onClose={() => setEditing(null)} /> : null}
        {couponsLoaded ? <CouponsDialog open={couponsOpen} onOpenChange={setCouponsOpen} /> : null}
      </Suspense>
    </div>
  );
}
