import { ThemeIcon } from '@mantine/core';

/** The kinds of outcome a status icon shows. */
export type StatusKind = 'success' | 'info' | 'warning' | 'error' | 'pending';

const COLORS: Record<StatusKind, string> = {
  success: 'teal',
  info: 'blue',
  warning: 'orange',
  error: 'red',
  pending: 'gray',
};

// Simple line icons (24×24, stroke) so that no icon library is needed.
const PATHS: Record<StatusKind, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  info: 'M12 11v6M12 7.5v.01',
  warning: 'M12 7v6M12 16.5v.01',
  error: 'M7 7l10 10M17 7L7 17',
  pending: 'M12 7v5l3 3',
};

/**
 * A large round icon that tells the outcome of a page at a glance (a tick, a cross, a clock…). It is
 * decorative: the page's heading says the same in words.
 */
export function StatusIcon({ kind, color }: { kind: StatusKind; color?: string }) {
  return (
    <ThemeIcon size={72} radius={999} variant="light" color={color ?? COLORS[kind]} aria-hidden data-status={kind}>
      <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2"
        strokeLinecap="round" strokeLinejoin="round" focusable="false">
        {kind === 'pending' && <circle cx="12" cy="12" r="8.5" />}
        <path d={PATHS[kind]} />
      </svg>
    </ThemeIcon>
  );
}
