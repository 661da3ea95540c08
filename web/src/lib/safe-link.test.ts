import { safeLink } from '@/lib/safe-link';

// The same payload set as internal/company/link_test.go.
const payloads = [
  'javascript:alert(1)',
  "JaVaScRiPt:alert('XSS')",
  ' javascript:alert(1)',
  'javascript :alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'javascript:/*http://x*/alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//xss.example/x.js',
  '/\\xss.example',
  '\\\\xss.example',
  'http:alert(1)',
  'https:/xss.example',
  'ftp://xss.example/',
  'mailto:x@example.com',
  '"><script>alert(1)</script>',
  'x',
];

describe('safeLink', () => {
  it.each(payloads)('refuses %j', (payload) => {
    expect(safeLink(payload)).toBeNull();
  });

  it.each(['https://circuito-norte.example/cumpleanos', 'http://example.com', 'HTTPS://EXAMPLE.COM/x?y=1', '/norte-key-123', '/event/abc?x=1'])(
    'keeps %j',
    (link) => {
      expect(safeLink(link)).toBe(link);
    },
  );

  it('treats no link as none', () => {
    expect(safeLink('')).toBeNull();
    expect(safeLink(null)).toBeNull();
    expect(safeLink(undefined)).toBeNull();
  });
});
