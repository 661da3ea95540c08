import { staffProduct } from '@/admin/features/catalog/test/fixtures';
import { formErrors, toForm, toWrite } from '@/admin/features/catalog/utils/product';

describe("a product's session length", () => {
  it('is read from and written to data.durationMinutes, keeping the keys the dialog does not edit', () => {
    const original = staffProduct({ data: '{"durationMinutes":10,"gapSlots":1}' });
    const form = toForm(original);
    expect(form.duration).toBe('10');
    expect(JSON.parse(toWrite({ ...form, duration: '12' }, 'PRODUCT', 1, original).data ?? '')).toEqual({ durationMinutes: 12, gapSlots: 1 });
    // Emptied: the whole slot again, and the key goes.
    expect(JSON.parse(toWrite({ ...form, duration: '' }, 'PRODUCT', 1, original).data ?? '')).toEqual({ gapSlots: 1 });
    expect(toForm(staffProduct()).duration).toBe('');
  });

  it('is a whole number of minutes from 1 to 480, or empty', () => {
    const form = toForm(staffProduct());
    expect(formErrors({ ...form, duration: '' }, 'PRODUCT').duration).toBeUndefined();
    expect(formErrors({ ...form, duration: '10' }, 'PRODUCT').duration).toBeUndefined();
    expect(formErrors({ ...form, duration: '0' }, 'PRODUCT').duration).toBe('duration');
    expect(formErrors({ ...form, duration: '481' }, 'PRODUCT').duration).toBe('duration');
  });
});
