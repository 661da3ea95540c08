/**
 * The browser's estimate of a new password's strength: zxcvbn-ts with the common password and diceware
 * lists, the same approach (and score scale, 0 to 4) as the server's check (internal/account/strength.go,
 * github.com/trustelem/zxcvbn). The server has the last word: it refuses a score below MIN_PASSWORD_SCORE
 * with the user's e-mail and name as inputs, and so does this meter. The lists weigh about 1 MB, so they
 * are a chunk of their own, loaded only on the screens that set a password.
 */
export const MIN_PASSWORD_SCORE = 3;
/** The server's shortest password. */
export const MIN_PASSWORD_LENGTH = 12;
/** Both sides read this many characters (longer ones are never the weak ones). */
const MAX_LENGTH = 100;

type Checker = (password: string, userInputs: string[]) => number;
let loading: Promise<Checker> | undefined;

/** Loads the estimator once; resolves to a function that scores a password 0 to 4. */
export function loadPasswordStrength(): Promise<Checker> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: MAX_LENGTH,
    });
    return (password: string, userInputs: string[]) => factory.check(password.slice(0, MAX_LENGTH), userInputs).score;
  });
  return loading;
}

/** The words of the user's e-mail and name a password must not lean on (as the server splits them). */
export function passwordInputs(...values: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const raw of values) {
    const v = (raw ?? '').trim().toLowerCase();
    if (!v) continue;
    out.push(v, ...v.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  }
  return out;
}

/** Whether a server field error says the password is too easy to guess (its English text is fixed). */
export function isWeakPasswordError(message: string | undefined): boolean {
  return !!message && message.includes('too easy to guess');
}
