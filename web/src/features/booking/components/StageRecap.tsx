import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { formatDay, formatHour, isolate } from '@/lib/format';

/**
 * The choices made on the earlier stages as clickable headers: the drivers and product (back to stage 0) and
 * the date and sessions (back to the date stage).
 */
export function StageRecap() {
  const { t, i18n } = useTranslation('booking');
  const { state, product, voucherMode, goTo } = useWizard();
  if (state.stage === 0 || state.stage >= 3 || !product) return null;
  const dates = state.holds.flatMap((h) => h.bookingDates).sort();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className={classes.recap}>
      <Button variant="light" size="compact-sm" onClick={() => goTo(0)}>
        {t('recap.drivers', { count: state.drivers, product: product.name })}
      </Button>
      {state.stage === 2 && !voucherMode && state.date && (
        <Button variant="light" size="compact-sm" onClick={() => goTo(1)}>
          {t('recap.date', {
            date: isolate(formatDay(state.date, language)),
            hours: isolate(dates.map(formatHour).join(', ')),
          })}
        </Button>
      )}
    </div>
  );
}
