import { describe, expect, it } from 'vitest';
import { joinRefusal } from '@/components/WaitlistJoinFrame';
import { ApiError } from '@/lib/api/errors';

const refused = (status: number, fields?: Record<string, string>) => new ApiError(status, { code: 'x', message: 'refused', fields });

describe('joinRefusal: what a refused waiting-list join shows', () => {
  it('an e-mail already waiting is an error on the e-mail field', () => {
    expect(joinRefusal(refused(409, { email: 'already waiting' }))).toEqual({ fields: [['email', 'already']] });
  });

  it('a 409 that names no field means places are free after all', () => {
    expect(joinRefusal(refused(409))).toEqual({ placesFree: true });
  });

  it('each named field gets its message, the captcha its own, and mapped fields their target', () => {
    expect(joinRefusal<'drivers'>(refused(422, { name: 'required', captcha: 'refused', numDrivers: 'too many' }), { numDrivers: ['drivers', 'drivers'] })).toEqual({
      fields: [
        ['name', 'invalid'],
        ['captcha', 'captchaRefused'],
        ['drivers', 'drivers'],
      ],
    });
  });

  it('anything else is a failure that names nothing', () => {
    expect(joinRefusal(refused(422, { other: 'x' }))).toEqual({ failed: true });
    expect(joinRefusal(new Error('offline'))).toEqual({ failed: true });
  });
});
