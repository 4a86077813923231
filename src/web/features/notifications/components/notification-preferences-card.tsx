/**
 * The profile's 'Notifications' card (issue 17 point 2): per kind, in the app and by email. Each
 * switch saves at once (the server keeps the other switches as they are); a failure puts it back
 * and says so. Email is on by default except for likes.
 */
import { DIGEST_LABEL, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@shared/rules/notifications';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { useDigestPreference, useNotificationPreferences, useUpdateDigestPreference, useUpdateNotificationPreferences } from '../api/notifications';

const CHANNELS = [
  { key: 'inApp', label: 'In the app' },
  { key: 'email', label: 'By email' },
] as const;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekly digest (issue 28 point 2): on or off, and its day; each change saves at once. */
function DigestPreferenceRow() {
  const digest = useDigestPreference();
  const update = useUpdateDigestPreference();
  if (!digest.data) return null;
  const change = (value: { enabled?: boolean; day?: number }) =>
    update.mutate(value, { onError: (error) => toast({ variant: 'destructive', title: 'Update Failed', description: error.message }) });
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm">
      <div className="flex items-center gap-3">
        <Switch id="weekly-digest" checked={digest.data.enabled} onCheckedChange={(enabled) => change({ enabled })} aria-label={`${DIGEST_LABEL}: by email`} />
        <label htmlFor="weekly-digest">{DIGEST_LABEL}, by email</label>
      </div>
      <label className="flex items-center gap-2">
        <span className="text-muted-foreground">Sent on</span>
        <select
          className="border-input bg-background h-9 rounded-md border px-2"
          value={digest.data.day}
          disabled={!digest.data.enabled}
          onChange={(e) => change({ day: Number(e.target.value) })}
        >
          {DAYS.map((name, day) => (
            <option key={name} value={day}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const change = (kind: NotificationKind, channel: 'inApp' | 'email', value: boolean) =>
    update.mutate(
      { [kind]: { [channel]: value } },
      { onError: (error) => toast({ variant: 'destructive', title: 'Update Failed', description: error.message }) },
    );

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>
          <h2 id="notification-preferences">Notifications</h2>
        </CardTitle>
        <CardDescription>Choose what you hear about, in the app and by email. Every email also has a link to turn its kind off.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <table className="w-full text-sm" aria-labelledby="notification-preferences">
            <thead>
              <tr className="text-muted-foreground border-b text-left text-xs font-medium">
                <th scope="col" className="pb-2 font-medium">
                  <span className="sr-only">What happened</span>
                </th>
                {CHANNELS.map((c) => (
                  <th key={c.key} scope="col" className="w-20 pb-2 text-center font-medium sm:w-28">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind} className="border-b last:border-0">
                  <th scope="row" className="py-3 pr-3 text-left font-normal">
                    {NOTIFICATION_KIND_LABELS[kind]}
                  </th>
                  {CHANNELS.map((c) => (
                    <td key={c.key} className="py-3 text-center">
                      <Switch
                        checked={preferences.data[kind][c.key]}
                        onCheckedChange={(value) => change(kind, c.key, value)}
                        aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${c.label.toLowerCase()}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : preferences.isError ? (
          <p className="text-destructive text-sm">{preferences.error.message}</p>
        ) : (
          <div className="grid gap-3" aria-busy="true">
            {NOTIFICATION_KINDS.map((kind) => (
              <Skeleton key={kind} className="h-6 w-full" />
            ))}
          </div>
        )}
        <DigestPreferenceRow />
      </CardContent>
    </Card>
  );
}
