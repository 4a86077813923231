/**
 * What `npm start` and `npm run demo` say once IdeaHub is up (issue 15 point 17), for a person at
 * the terminal: where it runs, where its data is, where mail goes, the demo accounts. Printed
 * outside production only; production keeps to its JSON log lines, which say the same.
 */
export interface BannerInput {
  /** The address people use (PUBLIC_URL, with the real port). */
  url: string;
  /** 'the embedded database in /abs/data' or 'PostgreSQL at host/db (DATABASE_URL)'. */
  database: string;
  /** lib/mail.ts mailDestination: 'mail: development outbox at …'. */
  mail: string;
  demo?: { password: string; accounts: { role: string; email: string; name: string }[] } | null;
}

export function startupBanner({ url, database, mail, demo }: BannerInput): string {
  const lines = ['', `  IdeaHub is running at ${url}`, '', `  database: ${database}`, `  ${mail}`];
  if (demo && demo.accounts.length > 0) {
    const width = Math.max(...demo.accounts.map((a) => a.email.length));
    lines.push('', `  Demo accounts (password for all: ${demo.password}):`);
    for (const a of demo.accounts) lines.push(`    ${a.role.padEnd(9)} ${a.email.padEnd(width)}  ${a.name}`);
  }
  lines.push('', '  Press Ctrl+C to stop.', '');
  return `${lines.join('\n')}\n`;
}

/** Where the data is, said without a password: the embedded folder, or the PostgreSQL server and database. */
export function databaseDescription(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  try {
    const u = new URL(databaseUrl);
    return `PostgreSQL at ${u.host}${u.pathname} (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
