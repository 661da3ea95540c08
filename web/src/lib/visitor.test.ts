import { randomHex, VISITOR_STORAGE_KEY, visitorId } from '@/lib/visitor';

describe('visitor id', () => {
  beforeEach(() => sessionStorage.clear());

  it('is made once per browser session and kept', () => {
    const id = visitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem(VISITOR_STORAGE_KEY)).toBe(id);
    expect(visitorId()).toBe(id);
  });

  it('replaces a stored value that is not an id', () => {
    sessionStorage.setItem(VISITOR_STORAGE_KEY, 'x y');
    expect(visitorId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('makes random hex of the length asked', () => {
    expect(randomHex(4)).toMatch(/^[0-9a-f]{8}$/);
    expect(randomHex()).not.toBe(randomHex());
  });
});
