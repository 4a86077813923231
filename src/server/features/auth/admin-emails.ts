/**
 * ADMIN_EMAILS (docs/product-readings.md contracts): whoever signs up or signs in with one of these
 * addresses, once the address is confirmed, holds the admin role. This is how a new site gets
 * its first admin without a shell. The rule only ever promotes: removing an address from the
 * list does not demote anyone (use the CLI or the admin panel for that).
 */
export function isListedAdminEmail(email: string, adminEmails: readonly string[]): boolean {
  const normalized = email.trim().toLowerCase();
  return normalized.length > 0 && adminEmails.includes(normalized);
}

export function shouldPromoteToAdmin(
  user: { email: string; emailVerified: boolean; role: string | null | undefined },
  adminEmails: readonly string[],
): boolean {
  return user.emailVerified && user.role !== 'admin' && isListedAdminEmail(user.email, adminEmails);
}
