import type { paths } from '@/lib/api/schema';

/**
 * Where the ALTCHA widget fetches its proof-of-work challenge (GET /api/captcha/challenge). The widget
 * fetches, solves and refreshes challenges itself, so the app only gives it this URL.
 */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge' satisfies keyof paths;
