import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandedHeader } from '@/components/BrandedHeader';
import { useConfig } from '@/lib/api/get-config';
import {
  heldRegistration,
  type EventRegistration,
  type EventRegistrationView,
} from '@/features/event-register/api/register-event';
import { useSaveEvent } from '@/features/event-register/api/save-event';
import { DoneStage } from '@/features/event-register/components/DoneStage';
import classes from '@/features/event-register/components/EventRegister.module.css';
import { HoldCountdown } from '@/features/event-register/components/HoldCountdown';
import { RegisterStage } from '@/features/event-register/components/RegisterStage';
import { StepIndicator, type Stage } from '@/features/event-register/components/StepIndicator';
import { SummaryStage, type PayError } from '@/features/event-register/components/SummaryStage';
import { rememberCompanyKey, resolveCompanyKey } from '@/lib/company-key';
import {
  appendShortNames,
  chosenShortNames,
  emptyEventFormValues,
  eventFormSchema,
  removeShortNames,
  type EventFormValues,
} from '@/features/event-register/utils/event-form';
import { formatDay, formatHour } from '@/lib/format';
import { ApiError } from '@/lib/api/errors';
import { applyFieldErrors, mapFieldErrors, serverFieldErrors, type FieldProblem } from '@/lib/api/field-errors';
import { currentLanguage } from '@/lib/i18n';
// eslint-disable-next-line import-x/no-restricted-paths -- the problem report is reachable from every public page (issue 16); a deliberate exception, as in the booking footer
import { ProblemReportFooter } from '@/features/problem-report/components/ProblemReportFooter';

/** How long the timeout message stays before the page is reloaded (customer spec section 9). */
export const TIMEOUT_RELOAD_MS = 3000;

type EventField = FieldPath<EventFormValues>;

// Server field names (docs/openapi.yaml EventSaveRequest) → form fields.
const FIELD_OF: Record<string, EventField> = {
  nick: 'nick',
  teamName: 'nick',
  phone: 'telefono',
  email: 'email',
  emailConfirmation: 'emailConfirmation',
  ageConfirmed: 'ageConfirmed',
};

/** The form's fields in the order they appear (the first invalid one takes the focus). */
const FIELD_ORDER: EventField[] = ['nick', 'telefono', 'email', 'emailConfirmation', 'categories.0', 'ageConfirmed'];

function fieldOf(serverField: string): EventField | null {
  return serverField.startsWith('categories') ? 'categories.0' : (FIELD_OF[serverField] ?? null);
}

/** The form's own wording of a server problem (a key of the namespace's `errors`). */
function messageOf(name: EventField, problem: FieldProblem): string {
  if (name === 'categories.0') return 'categoryRequired';
  if (name === 'ageConfirmed') return 'ageRequired';
  return problem === 'invalidDate' || problem === 'repeatedEmails' ? 'invalidField' : problem;
}

interface RegistrationFlowProps {
  /** The event, with the visitor's live hold when there is one. */
  registration: EventRegistrationView;
  /** Holds the visitor's place (the page's answer then carries it); rejects with the server's ApiError. */
  onStart: () => Promise<EventRegistration>;
}

/**
 * The registration: the stages, the hold countdown and the payment. No place is taken until the visitor
 * starts (the first change to the form, or Next): then one is held, and the countdown shows.
 */
export function RegistrationFlow({ registration, onStart }: RegistrationFlowProps) {
  const { t, i18n } = useTranslation('eventRegister');
  const [query] = useSearchParams();
  // The company's key: the server's (companyKey in the event answer), the link's ?company=, else the one remembered.
  const companyKey = resolveCompanyKey(registration.companyKey, query.get('company'));
  const config = useConfig(companyKey);
  // A company remembered from another visit is only used when it is this event's company.
  const company = config.data?.idCompany === registration.idCompany ? config.data : undefined;
  // The page's language is decided before it renders (EventRegisterPage, with the event's company).

  const ticket = registration.productOrPack;
  const team = registration.event.data.type === 'TEAM';
  const options = useMemo(
    () => ({ categories: ticket.data.categories, ageCheckbox: ticket.data.checkboxText.trim() !== '' }),
    [ticket.data.categories, ticket.data.checkboxText],
  );
  const schema = useMemo(() => eventFormSchema(options), [options]);
  const form = useForm<EventFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: emptyEventFormValues(options.categories),
  });

  const [stage, setStage] = useState<Stage>('register');
  const moved = useRef(false);
  const [payError, setPayError] = useState<PayError | null>(null);
  // The field to focus when the form shows again with the server's errors.
  const [focusField, setFocusField] = useState<EventField | null>(null);
  const save = useSaveEvent(registration.event.key);

  useEffect(() => {
    if (payError !== 'timeoutPrebooking') return;
    const timer = setTimeout(() => window.location.reload(), TIMEOUT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [payError]);

  const held = heldRegistration(registration);
  // One hold request at a time; a failure allows the next try (Next asks again).
  const starting = useRef<Promise<EventRegistration | null> | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  const start = useCallback((): Promise<EventRegistration | null> => {
    if (held) return Promise.resolve(held);
    starting.current ??= onStart().then(
      (place) => {
        setStartFailed(false);
        return place;
      },
      (error: unknown) => {
        starting.current = null;
        // No place left or closed: the page sends the visitor to the event's page; anything else is told here.
        if (!(error instanceof ApiError && (error.status === 421 || error.status === 410))) setStartFailed(true);
        return null;
      },
    );
    return starting.current;
  }, [held, onStart]);
  // The visitor starts the registration with the first change to the form: the place is held then.
  const started = form.formState.isDirty;
  useEffect(() => {
    if (started && !held) void start();
  }, [started, held, start]);

  const chosen = () => chosenShortNames(options.categories, form.getValues('categories'));

  const goToSummary = async () => {
    if (!(await start())) return;
    // The chosen categories' short names go after the nick, as the server will store it ("Ana - JR").
    form.setValue('nick', appendShortNames(form.getValues('nick'), chosen()));
    setPayError(null);
    moved.current = true;
    setStage('brief');
  };

  const backToForm = () => {
    form.setValue('nick', removeShortNames(form.getValues('nick'), chosen()));
    moved.current = true;
    setFocusField(null);
    setStage('register');
  };

  const pay = () => {
    if (!held) {
      setPayError('timeoutPrebooking');
      return;
    }
    if (!company) {
      setPayError('noCompany');
      return;
    }
    setPayError(null);
    const values = form.getValues();
    const language = currentLanguage();
    save.mutate(
      {
        token: company.token,
        body: {
          nick: values.nick.trim(),
          phone: values.telefono,
          email: values.email.trim(),
          emailConfirmation: values.emailConfirmation.trim(),
          event: { id: registration.event.id },
          token: held.tokenShoppingCart,
          identifiersPrebooking: [held.prebooking.identifier],
          culture: language.culture,
          culturePaycomet: language.code,
          categories: chosen(),
          ageConfirmed: options.ageCheckbox ? values.ageConfirmed : null,
        },
      },
      {
        onSuccess: (paymentURL) => {
          moved.current = true;
          // The registration's done page (/success, after the provider) shows the company's logo and
          // colours from the company remembered for the session: make it this event's.
          if (company && companyKey) rememberCompanyKey(companyKey);
          setStage('done');
          window.location.assign(paymentURL);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return setPayError('problemas');
          if (error.status === 410) return setPayError('timeoutPrebooking');
          if (error.status === 409) return setPayError('alreadyRegistered');
          if (error.status === 503) return setPayError('paymentUnavailable');
          const { mapped } = mapFieldErrors(serverFieldErrors(error) ?? {}, fieldOf, messageOf);
          if (error.status === 422 && mapped.length > 0) {
            // The server found a rule broken: show it on the form, where it can be fixed, its first field focused.
            backToForm();
            applyFieldErrors({ setError: form.setError, setFocus: setFocusField }, mapped, FIELD_ORDER);
            return;
          }
          setPayError('problemas');
        },
      },
    );
  };

  const { event } = registration;
  const values = form.getValues();

  return (
    <div className={classes.page}>
      <title>{`${t('documentTitle', { event: registration.name })} – ${registration.company.name}`}</title>
      <BrandedHeader
        companyName={registration.company.name}
        logo={registration.company.logo}
        primaryColor={registration.company.primaryColor}
        href={registration.data.companyWebUrl || undefined}
      />
      <main id="main" className={classes.main}>
        <Container size="sm" px={0}>
          <Stack gap="md">
            <div>
              <Text c="gray.7" fw={600} size="sm" tt="uppercase">
                {team ? t('teamRegistration') : t('registration')}
              </Text>
              <Title order={1} fz={{ base: 26, sm: 32 }} dir="auto">
                {registration.name}
              </Title>
              <Text c="gray.7">
                {formatDay(event.dateStart, i18n.language)} · {formatHour(event.dateStart)}–{formatHour(event.dateEnd)}
                {ticket.variant ? ` · ${ticket.variant.circuit.name}` : ''}
              </Text>
            </div>
            <StepIndicator stage={stage} onBack={backToForm} />
            {stage !== 'done' && held && <HoldCountdown expiresAt={held.prebooking.expiresAt} />}
            {startFailed && !held && (
              <Alert color="red" variant="light" role="alert" data-testid="hold-error">
                {t('errors.problemas')}
              </Alert>
            )}
            <Paper className={classes.card} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
              {stage === 'register' && (
                <RegisterStage
                  form={form}
                  options={options}
                  team={team}
                  checkboxText={ticket.data.checkboxText}
                  companyCountry={company?.country ?? null}
                  // eslint-disable-next-line react-hooks/refs -- whether the user moved between stages, read when the stage renders to move the focus
                  focusHeading={moved.current}
                  focusField={focusField}
                  onNext={() => void goToSummary()}
                />
              )}
              {stage === 'brief' && held && (
                <SummaryStage
                  registration={held}
                  companyToken={company?.token}
                  values={values}
                  team={team}
                  // eslint-disable-next-line react-hooks/refs -- as above
                  focusHeading={moved.current}
                  paying={save.isPending}
                  payError={payError}
                  onBack={backToForm}
                  onPay={pay}
                />
              )}
              {stage === 'done' && <DoneStage />}
            </Paper>
          </Stack>
        </Container>
      </main>
      <ProblemReportFooter companyId={registration.idCompany} />
    </div>
  );
}
