import { autoFillNames, repeatedEmailIndexes, uniqueDriverNames } from '@/features/booking/utils/drivers';

describe('drivers', () => {
  it('auto-fills Driver1..N', () => {
    expect(autoFillNames(3)).toEqual(['Driver1', 'Driver2', 'Driver3']);
    expect(autoFillNames(2, 'Piloto')).toEqual(['Piloto1', 'Piloto2']);
  });

  it('makes duplicate names unique the way the server does', () => {
    expect(uniqueDriverNames(['Ana', 'Ana', 'Ana'])).toEqual(['Ana', 'Ana_1', 'Ana_2']);
    expect(uniqueDriverNames(['Ana', 'Ana', 'Ana_1'])).toEqual(['Ana', 'Ana_2', 'Ana_1']);
    expect(uniqueDriverNames(['Ana', 'ana '])).toEqual(['Ana', 'ana_1']);
    expect(uniqueDriverNames(['Ana', 'Bo'])).toEqual(['Ana', 'Bo']);
  });

  it('finds e-mails repeated among drivers (case aside, empty ignored)', () => {
    expect(repeatedEmailIndexes(['a@x.com', 'b@x.com'])).toEqual([]);
    expect(repeatedEmailIndexes(['a@x.com', 'A@X.com ', 'a@x.com'])).toEqual([1, 2]);
    expect(repeatedEmailIndexes(['', '', 'c@x.com'])).toEqual([]);
  });
});
