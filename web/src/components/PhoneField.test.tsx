import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { AppProviders } from '@/app/providers';
import { defaultPhoneCountry, PhoneField } from '@/components/PhoneField';

function Field({ required, error, onValue }: { required?: boolean; error?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PhoneField
      label="Phone"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      onBlur={() => {}}
      companyCountry="ES"
      required={required}
      error={error}
    />
  );
}

describe('PhoneField', () => {
  it.each([
    ['ES', ['en-GB'], 'ES'],
    ['dk', [], 'DK'],
    [null, ['sv-SE', 'en-GB'], 'SE'],
    ['', ['de'], 'GB'],
    ['XX', ['en'], 'GB'],
  ] as const)('defaults to the company country %s, else the browser language %j, else GB', (company, languages, country) => {
    expect(defaultPhoneCountry(company, languages)).toBe(country);
  });

  it("writes the number in E.164 in the company's country, required by default", async () => {
    const onValue = vi.fn();
    render(
      <AppProviders>
        <Field onValue={onValue} />
      </AppProviders>,
    );
    const input = screen.getByRole('textbox', { name: /^Phone/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('combobox', { name: 'Phone number country' })).toHaveValue('ES');
    await userEvent.type(input, '600123456');
    expect(onValue).toHaveBeenLastCalledWith('+34600123456');
  });

  it('shows its error, can be optional, and hands its input to a ref', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <AppProviders>
        <PhoneField label="Phone" value="" onChange={() => {}} onBlur={() => {}} companyCountry={null} required={false} error="Not valid." inputRef={ref} />
      </AppProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Not valid.');
    expect(input).toHaveAttribute('aria-required', 'false');
    expect(ref.current).toBe(input);
  });
});
