import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RichTextField } from '@/admin/components/RichTextField';
import { i18n } from '@/lib/i18n';
import { renderAdmin } from '@/admin/test/render';

/** A form of one rich-text field, its value shown beside it as the form would submit it. */
function Harness({ initial = '', onValue }: { initial?: string; onValue?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextField
        label="Event page text"
        value={value}
        onChange={(html) => {
          setValue(html);
          onValue?.(html);
        }}
        error={value.includes('bad') ? 'Not accepted' : undefined}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const editorBox = () => screen.findByRole('textbox', { name: 'Event page text' });

describe('RichTextField', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the saved HTML formatted, in a box that runs in its text direction', async () => {
    renderAdmin(<Harness initial={'<p>Night <strong>cup</strong> <a href="https://example.com/">rules</a></p><p>سباق ليلي</p>'} />);
    const box = await editorBox();
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveAttribute('dir', 'auto');
    expect(box.querySelector('strong')).toHaveTextContent('cup');
    expect(box.querySelector('a')).toHaveAttribute('href', 'https://example.com/');
    // Every paragraph takes the direction of its own text: the Arabic one reads right to left.
    const paragraphs = box.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    paragraphs.forEach((p) => expect(p).toHaveAttribute('dir', 'auto'));
    // The toolbar's controls are named.
    for (const name of ['Bold', 'Italic', 'Link', 'Bulleted list', 'Undo']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('gives the form the HTML written in the source view, and shows it formatted when switched back', async () => {
    const values: string[] = [];
    const user = userEvent.setup();
    renderAdmin(<Harness onValue={(v) => values.push(v)} />);
    await editorBox();
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    const source = screen.getByRole('textbox', { name: 'HTML of Event page text' });
    // HTML is written left to right whatever the interface language.
    expect(source.closest('[dir]')).toHaveAttribute('dir', 'ltr');
    await user.type(source, '<p><em>Fast</em> laps</p>');
    expect(values.at(-1)).toBe('<p><em>Fast</em> laps</p>');

    await user.click(screen.getByRole('button', { name: 'HTML' }));
    const box = await editorBox();
    await waitFor(() => expect(box.querySelector('em')).toHaveTextContent('Fast'));
  });

  it('empties when the form is reset, and an empty editor is the empty string', async () => {
    const user = userEvent.setup();
    renderAdmin(<Harness initial="<p>Old text</p>" />);
    const box = await editorBox();
    expect(box).toHaveTextContent('Old text');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(box).not.toHaveTextContent('Old text'));
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    expect(screen.getByRole('textbox', { name: 'HTML of Event page text' })).toHaveValue('');
  });

  it('marks the box invalid with the error beside it', async () => {
    renderAdmin(<Harness initial="<p>bad</p>" />);
    const box = await editorBox();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Not accepted');
  });

  it('names its controls in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    renderAdmin(<Harness />);
    await editorBox();
    expect(screen.getByRole('button', { name: 'غامق' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رابط' })).toBeInTheDocument();
  });
});
