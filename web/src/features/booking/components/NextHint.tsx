import { Text } from '@mantine/core';

/** The id of a stage's hint, for the disabled button's aria-describedby. */
export const NEXT_HINT_ID = 'next-hint';

/**
 * Why a stage's Next (or create) button is disabled, next to it: a grey button says nothing by itself,
 * least of all on a phone. Nothing is shown while the button can be pressed.
 */
export function NextHint({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Text id={NEXT_HINT_ID} size="sm" c="gray.7" data-testid="next-hint" aria-live="polite">
      {reason}
    </Text>
  );
}
