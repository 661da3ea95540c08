import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdvertisingDialog } from '@/admin/features/advertising/components/AdvertisingDialog';
import { renderAdmin } from '@/admin/test/render';
import { server } from '@/test/server';

/** A file whose bytes start like a PNG of the given size (signature and IHDR header), `total` bytes long. */
function png(width: number, height: number, total = 64): File {
  const bytes = new Uint8Array(total);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // IHDR
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], 'ad.png', { type: 'image/png' });
}

const STORED = {
  imgLeftDefault: '/api/publi/image/old-left.jpg',
  imgRightDefault: null,
  imgLeftENG: null,
  imgRightENG: null,
  hyperlinkLeft: 'https://sponsor.example/left',
  hyperlinkRight: null,
  isActive: true,
};

/** The company's public data with the stored advertising; records uploads and saves. */
function api(saveStatus = 200) {
  const calls = { uploads: [] as { name: string; photo: string }[], saves: [] as Record<string, unknown>[] };
  server.use(
    http.get('/api/company/2', () =>
      HttpResponse.json({
        id: 2,
        name: 'Arena Karting',
        defaultLanguage: 'es-ES',
        data: JSON.stringify({ logo: '', landing: [], defaultKioskLanguage: 'es-ES', kioskIdleSeconds: 90, publi: STORED }),
        kiosk: { defaultLanguage: 'es-ES', idleSeconds: 90 },
        advertising: null,
      }),
    ),
    http.post('/api/publi/photo', async ({ request }) => {
      const body = (await request.json()) as { name: string; photo: string };
      calls.uploads.push(body);
      return HttpResponse.json({ url: `/api/publi/image/new-${calls.uploads.length}.jpg` }, { status: 201 });
    }),
    http.post('/api/company/updatePubli', async ({ request }) => {
      calls.saves.push((await request.json()) as Record<string, unknown>);
      if (saveStatus !== 200) return HttpResponse.json({ code: 'internal', message: 'boom' }, { status: saveStatus });
      return HttpResponse.json({ publi: STORED, defaultKioskLanguage: 'es-ES', kioskIdleSeconds: 90 });
    }),
  );
  return calls;
}

describe('AdvertisingDialog', { timeout: 60_000 }, () => {
  it("uploads a 300×700 PNG, saves the images and links, toasts 'updated' and closes", async () => {
    const calls = api();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={onClose} />);
    expect(await screen.findByRole('img', { name: 'Current Left image (default language)' })).toHaveAttribute('src', STORED.imgLeftDefault);

    await user.upload(screen.getByLabelText('Right image (English)'), png(300, 700));
    expect(await screen.findByRole('img', { name: 'Current Right image (English)' })).toHaveAttribute('src', '/api/publi/image/new-1.jpg');
    expect(calls.uploads).toHaveLength(1);
    expect(calls.uploads[0].name).toBe('imgRightENG');
    expect(atob(calls.uploads[0].photo).charCodeAt(1)).toBe(0x50); // the PNG's bytes, base64 without prefix

    // Addresses read left to right, also in Arabic.
    expect(screen.getByRole('textbox', { name: 'Left hyperlink' }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('textbox', { name: 'Right hyperlink' }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
    await user.type(screen.getByRole('textbox', { name: 'Right hyperlink' }), 'https://sponsor.example/right');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Advertising updated')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.saves).toEqual([
      {
        idCompany: 2,
        imgLeftDefault: STORED.imgLeftDefault,
        imgRightDefault: null,
        imgLeftENG: null,
        imgRightENG: '/api/publi/image/new-1.jpg',
        hyperlinkLeft: 'https://sponsor.example/left',
        hyperlinkRight: 'https://sponsor.example/right',
        defaultKioskLanguage: 'es-ES',
        kioskIdleSeconds: 90,
      },
    ]);
  });

  it("shows the kiosk's stored language and idle period, checks the period's bounds and saves both", async () => {
    const calls = api();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={onClose} />);
    const language = await screen.findByRole('combobox', { name: 'Kiosk language' });
    const idle = screen.getByRole('textbox', { name: /^Seconds without a touch/ });
    expect(language).toHaveValue('es-ES');
    expect(idle).toHaveValue('90');

    await user.clear(idle);
    await user.type(idle, '5');
    expect(screen.getByText('Enter a whole number of seconds between 15 and 3600')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await user.type(idle, '000');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled(); // 5000 is over an hour
    await user.clear(idle);
    await user.type(idle, '45');
    await user.selectOptions(language, 'Dansk');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.saves).toHaveLength(1);
    expect(calls.saves[0]).toMatchObject({ defaultKioskLanguage: 'da-DK', kioskIdleSeconds: 45 });
  });

  it("puts the server's refusal of a kiosk setting on its field, in the interface's words, and stays open", async () => {
    api(); // the stored data
    const refusal = { code: 'unprocessable', message: 'The advertising settings break a rule.', fields: { kioskIdleSeconds: 'must be between 15 and 3600' } };
    server.use(http.post('/api/company/updatePubli', () => HttpResponse.json(refusal, { status: 422 })));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Enter a whole number of seconds between 15 and 3600')).toBeInTheDocument();
    expect(screen.getByText('Ad update failed')).toBeInTheDocument();
    expect(screen.queryByText('must be between 15 and 3600')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an image of the wrong size or weight with a toast, ignores a non-PNG silently, and blocks a non-http link', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={() => undefined} />);
    const input = await screen.findByLabelText('Left image (English)');

    await user.upload(input, png(300, 600));
    expect(await screen.findByText('The image must be exactly 300 × 700 pixels.')).toBeInTheDocument();
    await user.upload(input, png(300, 700, 600 * 1024));
    expect(await screen.findByText('The image is larger than 0.5 MB.')).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)])], 'ad.png', { type: 'image/png' }));
    expect(calls.uploads).toHaveLength(0);
    expect(screen.getByText('No image', { selector: '[data-testid="slot-imgLeftENG"] *' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Right hyperlink' }), 'javascript:alert(1)');
    expect(screen.getByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('opens the file chooser from a translated button, and remove empties the slot', async () => {
    api();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={() => undefined} />);
    const input = (await screen.findByLabelText('Left image (English)')) as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Choose image: Left image (English)' }));
    expect(opened).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Remove: Left image (default language)' }));
    expect(screen.queryByRole('img', { name: 'Current Left image (default language)' })).not.toBeInTheDocument();
    expect(screen.getByText('No image', { selector: '[data-testid="slot-imgLeftDefault"] *' })).toBeInTheDocument();
  });

  it("toasts 'Ad update failed' when saving fails and stays open", async () => {
    const calls = api(500);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Ad update failed')).toBeInTheDocument();
    expect(calls.saves).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Advertising' })).toBeInTheDocument();
  });

  it("shows the kiosk's address to copy or open, with ?lang= for a chosen language, and saves nothing for it", async () => {
    const calls = api();
    const user = userEvent.setup();
    renderAdmin(<AdvertisingDialog idCompany={2} publicKey="norte-key" onClose={() => undefined} />);
    const address = await screen.findByRole('textbox', { name: 'Kiosk address' });
    const base = `${window.location.origin}/kiosk/norte-key`;
    expect(address).toHaveValue(base);
    expect(address).toHaveAttribute('readonly');
    expect(address.parentElement).toHaveAttribute('dir', 'ltr'); // Mantine puts dir on the input's own box, not the label's
    const open = screen.getByRole('link', { name: 'Open kiosk' });
    expect(open).toHaveAttribute('href', base);
    expect(open).toHaveAttribute('target', '_blank');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Open in' }), 'Deutsch');
    expect(address).toHaveValue(`${base}?lang=de`);
    expect(open).toHaveAttribute('href', `${base}?lang=de`);

    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(`${base}?lang=de`);
    expect(await screen.findByRole('button', { name: 'Address copied' })).toBeInTheDocument();

    // Back to the kiosk's own language: no ?lang=.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Open in' }), "The kiosk's language");
    expect(address).toHaveValue(base);
    expect(calls.saves).toHaveLength(0);
  });
});
