import { normalizeAltchaPayload } from '@/lib/altcha-payload';

const encode = (value: unknown) => btoa(JSON.stringify(value));
const decode = (payload: string) => JSON.parse(atob(payload)) as Record<string, unknown>;

describe('normalizeAltchaPayload', () => {
  const solved = { algorithm: 'SHA-256', challenge: 'ab12', number: 12156, salt: 'b75e?expires=1795313145&', signature: 'cd34' };

  it('rounds a fractional solving time and keeps the proof as it is', () => {
    expect(decode(normalizeAltchaPayload(encode({ ...solved, took: 358.7 })))).toEqual({ ...solved, took: 359 });
  });

  it('leaves a payload with a whole solving time untouched', () => {
    const payload = encode({ ...solved, took: 358 });
    expect(normalizeAltchaPayload(payload)).toBe(payload);
  });

  it('leaves anything that is not a JSON payload untouched', () => {
    expect(normalizeAltchaPayload('not base64!')).toBe('not base64!');
  });
});
