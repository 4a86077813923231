import { COUPON_GENERATE_MAX, type AdminPayment } from '@shared/schemas/admin';
import { formatPrice } from '@shared/format';
import { formatDate } from '@shared/rules/date-format';
import { timeAgo } from '@shared/rules/time-ago';
import { CalendarDays, CircleCheck, CircleX, Loader2, Plus, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useCoupons, useFinancialSummary, useGenerateCoupons, usePayments, useRefundPayment } from '../api/admin-api';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../auth';
import { AdminList, SearchBox } from '../components/list-parts';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount } from '../lib/format';
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
        <StatCard label="Total Revenue" icon={Wallet} tone="success" loading={summary.isPending} value={s && formatPrice(s.totalRevenue, 'NGN', { cents: 'always' })} note="All successful payments" />
        <StatCard label="This Month" icon={CalendarDays} loading={summary.isPending} value={s && formatPrice(s.thisMonth, 'NGN', { cents: 'always' })} note="Last 30 days" />
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

/** Refund on a successful payment (admins only): asks first, then the provider's refund. */
function RefundButton({ payment }: { payment: AdminPayment }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundPayment();
  const session = useSession();
  if (payment.status !== 'success' || session.user?.role !== 'admin') return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Refund ${payment.reference ?? 'payment'}`}>
        Refund
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Refund this payment?"
        description={`${formatPrice(payment.amount, payment.currency, { cents: 'always' })} goes back to ${payment.user?.name ?? payment.user?.email ?? 'the buyer'}, and the item locks for them again.`}
        action="Refund"
        pendingAction="Refunding…"
        pending={refund.isPending}
        destructive
        onConfirm={() =>
          refund.mutate(payment.id, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Payment refunded' });
            },
            onError: (error) => toast({ variant: 'destructive', title: 'Refund failed', description: error.message }),
          })
        }
      />
    </>
  );
}

function PaymentsTab() {
  const search = useSearchParam('ref');
  const list = usePayments(search.value);
  return (
    <AdminList
      query={list}
      keyOf={(p) => p.id}
      breakpoint="xl"
      empty="No payments found"
      toolbar={<SearchBox value={search.text} onChange={search.setText} placeholder="Search by reference..." label="Search payments by reference" />}
      row={(p) => (
        <div className="space-y-1.5">
          <div className="flex items-center justify-between gap-3">
            <span className="font-semibold tabular-nums">{formatPrice(p.amount, p.currency, { cents: 'always' })}</span>
            <PaymentStatus status={p.status} />
          </div>
          <p className="truncate text-sm">{p.idea ? p.idea.title : <span className="text-muted-foreground italic">Deleted Idea</span>}</p>
          <p className="text-muted-foreground truncate text-xs">
            {p.user ? (p.user.name ?? p.user.email) : 'N/A'} · <time dateTime={p.createdAt}>{timeAgo(p.createdAt)}</time>
          </p>
          <p className="text-muted-foreground font-mono text-xs">{p.reference ?? 'N/A'}</p>
          <RefundButton payment={p} />
        </div>
      )}
      columns={[
        {
          header: 'Reference',
          headClassName: 'pl-4',
          cellClassName: 'pl-4 font-mono text-xs',
          cell: (p) => p.reference ?? <span className="text-muted-foreground font-sans">N/A</span>,
        },
        { header: 'User', cell: (p) => <Person person={p.user} none="N/A" /> },
        {
          header: 'Idea',
          cellClassName: 'max-w-56 truncate',
          cell: (p) => (p.idea ? p.idea.title : <span className="text-muted-foreground italic">Deleted Idea</span>),
        },
        {
          header: 'Amount',
          headClassName: 'text-right',
          cellClassName: 'text-right font-medium tabular-nums',
          cell: (p) => formatPrice(p.amount, p.currency, { cents: 'always' }),
        },
        { header: 'Status', cell: (p) => <PaymentStatus status={p.status} /> },
        {
          header: 'Date',
          cellClassName: 'text-muted-foreground',
          cell: (p) => (
            <time dateTime={p.createdAt} title={formatDate(p.createdAt)}>
              {timeAgo(p.createdAt)}
            </time>
          ),
        },
        { header: <span className="sr-only">Actions</span>, headClassName: 'pr-4', cellClassName: 'pr-4 text-right', cell: (p) => <RefundButton payment={p} /> },
      ]}
    />
  );
}

function CouponsTab() {
  const search = useSearchParam('code');
  const list = useCoupons(search.value);
  const [generating, setGenerating] = useState(false);
  return (
    <>
      <AdminList
        query={list}
        keyOf={(c) => c.id}
        breakpoint="lg"
        empty="No coupons found"
        toolbarClassName="sm:justify-between"
        toolbar={
          <>
            <SearchBox value={search.text} onChange={search.setText} placeholder="Search by code, name or email..." label="Search coupons" />
            <Button onClick={() => setGenerating(true)}>
              <Plus aria-hidden />
              Generate Coupons
            </Button>
          </>
        }
        row={(c) => (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between gap-3">
              <span className="font-mono text-sm font-medium tracking-wide">{c.code}</span>
              <CouponStatus used={c.isUsed} />
            </div>
            <p className="text-muted-foreground truncate text-xs">
              {c.assignedTo ? (c.assignedTo.name ?? c.assignedTo.email) : 'Unassigned'} · {c.idea ? c.idea.title : 'N/A'}
            </p>
            <p className="text-muted-foreground text-xs">
              Created <time dateTime={c.createdAt}>{timeAgo(c.createdAt)}</time> · {c.usedAt ? <>Used {formatDate(c.usedAt)}</> : 'Not used'}
            </p>
          </div>
        )}
        columns={[
          { header: 'Code', headClassName: 'pl-4', cellClassName: 'pl-4 font-mono text-xs font-medium tracking-wide', cell: (c) => c.code },
          { header: 'Assigned To', cell: (c) => <Person person={c.assignedTo} none="Unassigned" /> },
          { header: 'Related Idea', cellClassName: 'max-w-52 truncate', cell: (c) => (c.idea ? c.idea.title : <span className="text-muted-foreground">N/A</span>) },
          { header: 'Status', cell: (c) => <CouponStatus used={c.isUsed} /> },
          { header: 'Created', cellClassName: 'text-muted-foreground', cell: (c) => <time dateTime={c.createdAt}>{timeAgo(c.createdAt)}</time> },
          {
            header: 'Used',
            headClassName: 'pr-4',
            cellClassName: 'text-muted-foreground pr-4',
            cell: (c) => (c.usedAt ? <time dateTime={c.usedAt}>{formatDate(c.usedAt)}</time> : 'Not used'),
          },
        ]}
      />
      <GenerateCouponsDialog open={generating} onOpenChange={setGenerating} />
    </>
  );
}

/** A person in a table cell: name (or 'No name') over email, or what stands for nobody. */
function Person({ person, none }: { person: { name: string | null; email: string | null } | null; none: string }) {
  if (!person) return <span className="text-muted-foreground">{none}</span>;
  return (
    <>
      <p className="max-w-44 truncate">{person.name ?? 'No name'}</p>
      <p className="text-muted-foreground max-w-44 truncate text-xs">{person.email}</p>
    </>
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
