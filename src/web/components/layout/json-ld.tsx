/**
 * schema.org structured data as a JSON-LD block (issue 16). A data block, never run by the browser,
 * so the CSP's ban on inline scripts does not touch it; `<`, `>` and `&` are written as JSON escapes,
 * so no text in it can close the element or start markup.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
