import classes from '@/components/TermsHtml.module.css';

interface TermsHtmlProps {
  /** The terms as GET /api/termsAndConditions sends them: HTML the server sanitised. */
  html: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/**
 * A company's terms and conditions as it formatted them (headings, bold, lists, links). The server
 * sanitises the HTML when it is written and again when it is served (bluemonday's UGC policy: no scripts,
 * event handlers, styles or javascript: links): that policy is the defence. Markup inserted with innerHTML
 * never runs <script> elements, and the page's CSP (script-src 'self') forbids inline handlers on top.
 */
export function TermsHtml({ html, lang, dir }: TermsHtmlProps) {
  return <div className={classes.terms} lang={lang} dir={dir} data-testid="terms-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
