import 'altcha';
import type {} from 'altcha/types/react';
import type { WidgetMethods } from 'altcha/types';
import { Input } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_CHALLENGE_URL } from '@/lib/api/captcha-challenge';
import { normalizeAltchaPayload } from '@/lib/altcha-payload';

/** The widget's texts the app translates; the others (code challenges, unused here) stay as the widget has them. */
const KEYS = ['label', 'verifying', 'verified', 'waitAlert', 'error', 'expired', 'verificationRequired', 'loading', 'reload', 'verify'] as const;

interface AltchaFieldProps {
  /** Receives the payload once the challenge is solved, and null when it is reset or expires. */
  onChange: (payload: string | null) => void;
  /** Changing this value resets the widget (after a report is sent, or the server refused the payload). */
  resetKey: number;
  /** A message to show under the widget, such as 'please confirm you are not a robot'. */
  error?: string;
}

/**
 * The ALTCHA proof-of-work captcha (the `altcha` web component, loaded with this lazy chunk): the visitor
 * ticks the box, the browser solves the challenge from /api/captcha/challenge in a worker, and the payload
 * goes with the form (a problem report, a sign-in the server asked to check). Its texts follow the page's language.
 */
export default function AltchaField({ onChange, resetKey, error }: AltchaFieldProps) {
  const { t, i18n } = useTranslation('components');
  const widget = useRef<HTMLElement & WidgetMethods>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const changed = useRef(onChange);
  // eslint-disable-next-line react-hooks/refs -- the latest value for effects and callbacks that must not re-run when it changes, written during render on purpose
  changed.current = onChange;

  // Register the texts in the page's language before the widget renders them.
  const english = globalThis.$altcha.i18n.get('en') ?? {};
  globalThis.$altcha.i18n.set(language, {
    ...english,
    ...Object.fromEntries(KEYS.map((key) => [key, t(`captcha.${key}`)])),
  });

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      changed.current(detail.state === 'verified' && detail.payload ? normalizeAltchaPayload(detail.payload) : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, []);

  const firstReset = useRef(resetKey);
  useEffect(() => {
    if (resetKey === firstReset.current) return;
    widget.current?.reset?.();
    changed.current(null);
  }, [resetKey]);

  return (
    <Input.Wrapper error={error} data-testid="captcha">
      <altcha-widget
        ref={widget}
        challenge={CAPTCHA_CHALLENGE_URL}
        language={language}
        type="checkbox"
        configuration={JSON.stringify({ hideFooter: true, hideLogo: false })}
        style={{
          '--altcha-max-width': '100%',
          '--altcha-border-radius': 'var(--mantine-radius-md)',
          '--altcha-color-primary': 'var(--mantine-primary-color-filled)',
        }}
      />
    </Input.Wrapper>
  );
}
