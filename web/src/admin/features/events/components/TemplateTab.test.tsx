import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { TemplateTab } from '@/admin/features/events/components/TemplateTab';
import { EMPTY_EVENT_FORM, type EventFormValues } from '@/admin/features/events/utils/event-form';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

function WithForm({ children }: { children: ReactNode }) {
  const form = useForm<EventFormValues>({ defaultValues: EMPTY_EVENT_FORM });
  return <FormProvider {...form}>{children}</FormProvider>;
}

const previewFrame = () => screen.getByTitle('Preview of the event page');

describe('TemplateTab', { timeout: 30_000 }, () => {
  it('previews the HTML the server sanitised, asking once typing pauses', async () => {
    const asked: { idCompany: number; html: string }[] = [];
    server.use(
      http.post('/api/event/previewTemplate', async ({ request }) => {
        const body = (await request.json()) as { idCompany: number; html: string };
        asked.push(body);
        // A stand-in for the server's sanitising: whatever it answers is what the frame shows.
        return HttpResponse.json({ data: { html: body.html.replace(/<script>.*?<\/script>/g, '') + '<p>served</p>' } });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(
      <WithForm>
        <TemplateTab idCompany={7} />
      </WithForm>,
    );
    await user.click(await screen.findByRole('button', { name: 'HTML' }));
    await user.type(screen.getByRole('textbox', { name: /^HTML of Event page text/ }), '<h1>Cup</h1><script>x</script>');

    await waitFor(() => expect(previewFrame()).toHaveAttribute('srcdoc', '<h1>Cup</h1><p>served</p>'));
    // Typed faster than the pause: the last question has the whole template and the dialog's company, and
    // there are far fewer questions than keystrokes (one on an idle machine).
    expect(asked.at(-1)).toEqual({ idCompany: 7, html: '<h1>Cup</h1><script>x</script>' });
    expect(asked.length).toBeLessThan(5);
    expect(screen.queryByText(/Preview unavailable/)).not.toBeInTheDocument();
  });

  it('says the preview is unavailable when the server cannot answer, and shows nothing unsanitised', async () => {
    server.use(
      http.post('/api/event/previewTemplate', () =>
        HttpResponse.json({ code: 'internal', message: 'Something went wrong.' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(
      <WithForm>
        <TemplateTab idCompany={7} />
      </WithForm>,
    );
    await user.click(await screen.findByRole('button', { name: 'HTML' }));
    await user.type(screen.getByRole('textbox', { name: /^HTML of Event page text/ }), '<h1>Cup</h1>');

    expect(await screen.findByText(/Preview unavailable/)).toBeInTheDocument();
    expect(previewFrame()).toHaveAttribute('srcdoc', '');
  });
});
