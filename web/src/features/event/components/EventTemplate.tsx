import classes from '@/features/event/components/EventPage.module.css';

interface EventTemplateProps {
  /** The event's HTML page, as GET /api/event/{key} sends it. */
  html: string;
  /** The accessible name of the region holding it. */
  label: string;
}

/**
 * The admin's HTML page of the event. The server sanitises it when it is written and again when it is
 * served (bluemonday: no scripts, event handlers, javascript:/data: URLs or unsafe styles): that policy
 * is the defence. Markup inserted with innerHTML never runs <script> elements, and the page's CSP
 * (script-src 'self') forbids inline handlers on top.
 */
export function EventTemplate({ html, label }: EventTemplateProps) {
  return (
    <section aria-label={label} className={classes.template} data-testid="event-template" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
