import { z } from 'zod';

/** The longest subject and text the server accepts (characters, trimmed). */
export const MAX_SUBJECT = 200;
export const MAX_TEXT = 500;

// The same rule as the booking form's e-mail fields: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Reports whether a reply address looks valid. */
export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * The report form. Messages are keys of the problemReport namespace's `errors` group. The reply address
 * counts only when the visitor ticked that they want an answer.
 */
export const reportSchema = z
  .object({
    subject: z.string().trim().min(1, 'subjectRequired').max(MAX_SUBJECT, 'subjectTooLong'),
    text: z.string().trim().min(1, 'textRequired').max(MAX_TEXT, 'textTooLong'),
    wantsReply: z.boolean(),
    replyEmail: z.string(),
    captcha: z.string().min(1, 'captchaRequired'),
  })
  .superRefine((value, ctx) => {
    if (value.wantsReply && !isValidEmail(value.replyEmail)) {
      ctx.addIssue({ code: 'custom', path: ['replyEmail'], message: 'emailInvalid' });
    }
  });

/** The form's values. */
export type ReportValues = z.input<typeof reportSchema>;

/** Empty form values. */
export const EMPTY_REPORT: ReportValues = { subject: '', text: '', wantsReply: false, replyEmail: '', captcha: '' };
