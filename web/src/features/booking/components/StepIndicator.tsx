import { Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { STAGES, type Stage } from '@/features/booking/utils/wizard-state';

/** The stages the indicator shows: all five, or without the date stage in voucher mode. */
export function visibleStages(voucherMode: boolean): Stage[] {
  return voucherMode ? [0, 2, 3, 4] : [0, 1, 2, 3, 4];
}

/** The step indicator: one node per stage; earlier nodes go back to their stage. */
export function StepIndicator() {
  const { t } = useTranslation('booking');
  const { state, voucherMode, goTo } = useWizard();
  const stages = visibleStages(voucherMode);
  const active = Math.max(0, stages.indexOf(state.stage));
  const done = state.stage === 4;
  const current = done ? stages.length - 1 : active;
  const currentStage = stages[current] ?? 0;
  return (
    <nav aria-label={t('steps.label')}>
      <Stepper
        active={done ? stages.length : active}
        onStepClick={(index) => {
          const target = stages[index];
          if (target !== undefined && target < state.stage && !done) goTo(target);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ root: classes.stepper, stepBody: classes.stepBody }}
        wrap={false}
      >
        {stages.map((stage, index) => (
          <Stepper.Step
            key={STAGES[stage]}
            label={t(`steps.${STAGES[stage]}`)}
            allowStepSelect={!done && index < active}
            aria-current={index === active && !done ? 'step' : undefined}
          />
        ))}
      </Stepper>
      {/* Where the labels are hidden (a phone), the current step's name and position stay readable. */}
      <Text className={classes.stepCurrent} size="sm" fw={600} data-testid="step-current">
        {t('steps.current', { step: current + 1, total: stages.length, name: t(`steps.${STAGES[currentStage]}`) })}
      </Text>
    </nav>
  );
}
