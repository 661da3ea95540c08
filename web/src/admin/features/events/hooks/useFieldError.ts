import { get, useFormState, type FieldPath } from 'react-hook-form';
import { useEventsTexts, type EventsKey } from '@/admin/features/events/hooks/useEventsTexts';
import type { EventFormValues } from '@/admin/features/events/utils/event-form';

/**
 * The translated error of a form field, or undefined: the messages are keys of `errors` (the form's rules
 * and the server's field errors both use them). Reads the form's state from its FormProvider.
 */
export function useFieldError() {
  const { t } = useEventsTexts();
  const { errors } = useFormState<EventFormValues>();
  return (name: FieldPath<EventFormValues>): string | undefined => {
    const message = (get(errors, name) as { message?: string } | undefined)?.message;
    return message ? t(`errors.${message}` as EventsKey) : undefined;
  };
}
