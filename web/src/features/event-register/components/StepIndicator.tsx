import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/event-register/components/EventRegister.module.css';

/** The registration's stages, in order. */
export const STAGES = ['register', 'brief', 'done'] as const;

/** A stage of the registration. */
export type Stage = (typeof STAGES)[number];

interface StepIndicatorProps {
  stage: Stage;
  /** Goes back to an earlier stage (only the form, from the summary). */
  onBack: (stage: Stage) => void;
}

/** The step indicator: one node per stage; the earlier node goes back to its stage until payment starts. */
export function StepIndicator({ stage, onBack }: StepIndicatorProps) {
  const { t } = useTranslation('eventRegister');
  const active = STAGES.indexOf(stage);
  const done = stage === 'done';
  return (
    <nav aria-label={t('steps.label')}>
      <Stepper
        active={done ? STAGES.length : active}
        onStepClick={(index) => {
          const target = STAGES[index];
          if (target && index < active && !done) onBack(target);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ root: classes.stepper, stepBody: classes.stepBody, stepLabel: classes.stepLabel, separator: classes.separator }}
        iconSize={30}
        wrap={false}
      >
        {STAGES.map((name, index) => (
          <Stepper.Step
            key={name}
            label={t(`steps.${name}`)}
            allowStepSelect={!done && index < active}
            aria-current={index === active && !done ? 'step' : undefined}
          />
        ))}
      </Stepper>
    </nav>
  );
}
