import { COUPON_GENERATE_MAX, type AdminPayment } from '@shared/schemas/admin';
import { CalendarDays, CircleCheck, CircleX, Loader2, Plus, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useCoupons, useFinancialSummary, useGenerateCoupons, usePayments } from '../api/admin-api';
import { EmptyRow, ErrorRow, LoadMore, MobileList, SearchBox, SkeletonRows, WideOnly } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount, formatMoney, formatNaira, relativeDate, shortDate } from '../lib/format';
import { useChoiceParam, useSearchParam } from '../lib/use-url-filters';

const TABS = ['payments', 'coupons'] as const;

export default function FinancialPage() {
  const summary = useFinancialSummary();
  const [tab, setTab] = useChoiceParam('tab', TABS, 'payments');
  const s = summary.data;
  return (
    <>
      <PageHeader title="Financial Management" description="Revenue from successful payments, every payment, and coupons." />
      <StatGrid>
        <StatCard label="Total Revenue" icon={Wallet} tone="success" loading={summary.isPending} value={s && formatNaira(s.totalRevenue)} note="All successful payments" />
        <StatCard label="This Month" icon={CalendarDays} loading={summary.isPending} value={s && formatNaira(s.thisMonth)} note="Last 30 days" />
        <StatCard label="Successful" icon={CircleCheck} tone="info" loading={summary.isPending} value={s && formatCount(s.successful)} note="Payments" />
        <StatCard label="Failed" icon={CircleX} tone="destructive" loading={summary.isPending} value={s && formatCount(s.failed)} note="Payments" />
      </StatGrid>
      <Tabs value={tab} onValueChange={(v) => setTab(v as (typeof TABS)[number])} className="gap-4">
        <TabsList>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="coupons">Coupons</TabsTrigger>
        </TabsList>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="coupons">
          <CouponsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}

const STATUS_BADGES: Record<AdminPayment['status'], { variant: 'default' | 'secondary' | 'destructive' | 'outline'; label: string; className?: string }> = {
  success: { variant: 'default', label: 'Success', className: 'bg-success text-success-foreground' },
  pending: { variant: 'secondary', label: 'Pending' },
  failed: { variant: 'destructive', label: 'Failed' },
  refunded: { variant: 'outline', label: 'Refunded' },
};

function PaymentStatus({ status }: { status: AdminPayment['status'] }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge variant={badge.variant} className={badge.className}>
      {badge.label}
    </Badge>
  );
}

function CouponStatus({ used }: { used: boolean }) {
  return used ? <Badge variant="secondary">Used</Badge> : <Badge className="bg-success text-success-foreground">Available</Badge>;
}

function PaymentsTab() {
  const search = useSearchParam('ref');
  const list = usePayments(search.value);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const COLUMNS = 6;
  return (
    <Card className="gap-0 py-0">
      <div className="border-b p-4">
        <SearchBox value={search.text} onChange={search.setText} placeholder="Search by reference..." label="Search payments by reference" />
      </div>
      <MobileList
        breakpoint="xl"
        items={rows}
        keyOf={(p) => p.id}
        pending={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        empty="No payments found"
        render={(p) => (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between gap-3">
              <span className="font-semibold tabular-nums">{formatMoney(p.amount, p.currency)}</span>
              <PaymentStatus status={p.status} />
            </div>
            <p className="truncate text-sm">{p.idea ? p.idea.title : <span className="text-muted-foreground italic">Deleted Idea</span>}</p>
            <p className="text-muted-foreground truncate text-xs">
              {p.user ? (p.user.name ?? p.user.email) : 'N/A'} · <time dateTime={p.createdAt}>{relativeDate(p.createdAt)}</time>
            </p>
            <p className="text-muted-foreground font-mono text-xs">{p.reference ?? 'N/A'}</p>
          </div>
        )}
      />
      <WideOnly breakpoint="xl">
        <Table aria-busy={list.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead className="pl-4">Reference</TableHead>
              <TableHead>User</TableHead>
              <TableHead>Idea</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="pr-4">Date</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : list.isError ? (
              <ErrorRow columns={COLUMNS} message={list.error.message} onRetry={() => void list.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={COLUMNS}>No payments found</EmptyRow>
            ) : (
              rows.map((p) => {
                return (
                  <TableRow key={p.id}>
                    <TableCell className="pl-4 font-mono text-xs">{p.reference ?? <span className="text-muted-foreground font-sans">N/A</span>}</TableCell>
                    <TableCell>
                      {p.user ? (
                        <>
                          <p className="max-w-44 truncate">{p.user.name ?? 'No name'}</p>
                          <p className="text-muted-foreground max-w-44 truncate text-xs">{p.user.email}</p>
                        </>
                      ) : (
                        <span className="text-muted-foreground">N/A</span>
                      )}
                    </TableCell>
                    <TableCell className="max-w-56 truncate">{p.idea ? p.idea.title : <span className="text-muted-foreground italic">Deleted Idea</span>}</TableCell>
                    <TableCell className="text-right font-medium tabular-nums">{formatMoney(p.amount, p.currency)}</TableCell>
                    <TableCell>
                      <PaymentStatus status={p.status} />
                    </TableCell>
                    <TableCell className="text-muted-foreground pr-4">
                      <time dateTime={p.createdAt} title={shortDate(p.createdAt)}>
                        {relativeDate(p.createdAt)}
                      </time>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </WideOnly>
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </Card>
  );
}

function CouponsTab() {
  const search = useSearchParam('code');
  const list = useCoupons(search.value);
  const [generating, setGenerating] = useState(false);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const COLUMNS = 6;
  return (
    <Card className="gap-0 py-0">
      <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={search.text} onChange={search.setText} placeholder="Search by code, name or email..." label="Search coupons" />
        <Button onClick={() => setGenerating(true)}>
          <Plus aria-hidden />
          Generate Coupons
        </Button>
      </div>
      <MobileList
        breakpoint="lg"
        items={rows}
        keyOf={(c) => c.id}
        pending={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        empty="No coupons found"
        render={(c) => (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between gap-3">
              <span className="font-mono text-sm font-medium tracking-wide">{c.code}</span>
              <CouponStatus used={c.isUsed} />
            </div>
            <p className="text-muted-foreground truncate text-xs">
              {c.assignedTo ? (c.assignedTo.name ?? c.assignedTo.email) : 'Unassigned'} · {c.idea ? c.idea.title : 'N/A'}
            </p>
            <p className="text-muted-foreground text-xs">
              Created <time dateTime={c.createdAt}>{relativeDate(c.createdAt)}</time> · {c.usedAt ? <>Used {shortDate(c.usedAt)}</> : 'Not used'}
            </p>
          </div>
        )}
      />
      <WideOnly breakpoint="lg">
        <Table aria-busy={list.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead className="pl-4">Code</TableHead>
              <TableHead>Assigned To</TableHead>
              <TableHead>Related Idea</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="pr-4">Used</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <SkeletonRows columns={COLUMNS} />
            ) : list.isError ? (
              <ErrorRow columns={COLUMNS} message={list.error.message} onRetry={() => void list.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={COLUMNS}>No coupons found</EmptyRow>
            ) : (
              rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="pl-4 font-mono text-xs font-medium tracking-wide">{c.code}</TableCell>
                  <TableCell>
                    {c.assignedTo ? (
                      <>
                        <p className="max-w-44 truncate">{c.assignedTo.name ?? 'No name'}</p>
                        <p className="text-muted-foreground max-w-44 truncate text-xs">{c.assignedTo.email}</p>
                      </>
                    ) : (
                      <span className="text-muted-foreground">Unassigned</span>
                    )}
                  </TableCell>
                  <TableCell className="max-w-52 truncate">{c.idea ? c.idea.title : <span className="text-muted-foreground">N/A</span>}</TableCell>
                  <TableCell>
                    <CouponStatus used={c.isUsed} />
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <time dateTime={c.createdAt}>{relativeDate(c.createdAt)}</time>
                  </TableCell>
                  <TableCell className="text-muted-foreground pr-4">
                    {c.usedAt ? <time dateTime={c.usedAt}>{shortDate(c.usedAt)}</time> : 'Not used'}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </WideOnly>
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      <GenerateCouponsDialog open={generating} onOpenChange={setGenerating} />
    </Card>
  );
}

const DEFAULT_COUNT = 10;

function GenerateCouponsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateCoupons();

  const localError = (text: string): string | null => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) return 'Enter how many coupons to generate.';
    if (!Number.isInteger(n)) return 'The number of coupons must be a whole number.';
    if (n < 1) return 'Generate at least 1 coupon.';
    if (n > COUPON_GENERATE_MAX) return `Generate at most ${COUPON_GENERATE_MAX} coupons at a time.`;
    return null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = localError(count);
    setError(problem);
    if (problem) return;
    generate.mutate(Number(count), {
      onSuccess: (made) => {
        toast({
          title: 'Coupons Generated',
          description: `${formatCount(made.count)} new ${made.count === 1 ? 'coupon is' : 'coupons are'} ready to hand out.`,
        });
        onOpenChange(false);
        setCount(String(DEFAULT_COUNT));
      },
      onError: (err) => {
        const field = err instanceof ApiError ? err.fields?.count?.[0] : undefined;
        if (field) setError(field);
        else toast({ variant: 'destructive', title: 'Generation Failed', description: err.message });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (generate.isPending) return;
        setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Generate Coupons</DialogTitle>
            <DialogDescription>New codes are unique and unassigned, ready to hand out. Up to {COUPON_GENERATE_MAX} at a time.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="coupon-count">How many coupons?</Label>
            <Input
              id="coupon-count"
              type="number"
              inputMode="numeric"
              min={1}
              max={COUPON_GENERATE_MAX}
              step={1}
              value={count}
              onChange={(e) => {
                setCount(e.target.value);
                if (error) setError(localError(e.target.value));
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'coupon-count-error' : undefined}
            />
            <FieldError id="coupon-count-error">{error}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={generate.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={generate.isPending}>
              {generate.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Generate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
