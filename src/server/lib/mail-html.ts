/** The HTML of our mails: escaping, and the one frame and button every mail is drawn in. */

/** Text placed in the HTML of a mail: the five characters HTML gives meaning become entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** A mail's page around `body` (HTML), headed by the brand's name. */
export function mailPage(brand: string, body: string): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f6f7fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:700;margin:0 0 24px">${brand}</p>
${body}
</td></tr></table></body></html>`;
}

/** The mail's one button: a link styled as a button, in a paragraph with the given margin. */
export function mailButton(link: string, label: string, margin = '0 0 24px'): string {
  return `<p style="margin:${margin}"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(label)}</a></p>`;
}
