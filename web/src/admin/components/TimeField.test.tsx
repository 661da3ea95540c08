import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { parseTypedTime, TimeField } from '@/admin/components/TimeField';
import { renderAdmin } from '@/admin/test/render';
import { i18n } from '@/lib/i18n';

function Harness({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState('10:00');
  return (
    <TimeField
      label="Opening"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('TimeField', () => {
  it('reads typed hours on 24 hours, with a colon, a full stop or nothing between', () => {
    expect(parseTypedTime('9:30')).toBe('09:30');
    expect(parseTypedTime('18.05')).toBe('18:05');
    expect(parseTypedTime('0930')).toBe('09:30');
    expect(parseTypedTime('24:00')).toBeNull();
    expect(parseTypedTime('10:60')).toBeNull();
    expect(parseTypedTime('10:00 AM')).toBeNull();
  });

  it('shows the hour on 24 hours in every language, whatever the browser writes', async () => {
    const onChange = vi.fn();
    renderAdmin(<Harness onChange={onChange} />);
    const field = screen.getByLabelText('Opening');
    expect(field).toHaveValue('10:00');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '18.30' } });
    expect(onChange).toHaveBeenLastCalledWith('18:30');
    fireEvent.blur(field);
    expect(field).toHaveValue('18:30');
    await i18n.changeLanguage('ar');
    expect(screen.getByLabelText('Opening')).toHaveValue('18:30');
  });

  it('puts back the last hour when what was typed is not one', () => {
    const onChange = vi.fn();
    renderAdmin(<Harness onChange={onChange} />);
    const field = screen.getByLabelText('Opening');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '7 pm' } });
    expect(field).toHaveValue('7 pm');
    fireEvent.blur(field);
    expect(field).toHaveValue('10:00');
    expect(onChange).not.toHaveBeenCalled();
  });
});
