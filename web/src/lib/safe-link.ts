/**
 * safeLink returns a company-provided link if it may go into an href, and null otherwise: an absolute
 * http(s) address with a host, or a path on this site ("/…", not "//…", which leaves the site). Any
 * other scheme — javascript:, data:, vbscript: and the same hidden behind case, whitespace, control
 * characters or backslashes — is refused. The server checks links when they are written and when it
 * serves them (internal/company/link.go); this is the last check before the DOM.
 */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  // Browsers strip tabs and newlines inside URLs and trim control characters and spaces.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(link)) return null;
  if (link.startsWith('/')) return link.startsWith('//') ? null : link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1);
  if ((scheme !== 'http' && scheme !== 'https') || !url.host) return null;
  return link.toLowerCase().startsWith(`${scheme}://`) ? link : null;
}
