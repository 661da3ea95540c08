import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SettingsDialog } from '@/admin/app/settings/SettingsDialog';
import type { AdminConfig, AdminConfigSave } from '@/admin/features/settings/api/settings';
import { dateLimitBounds } from '@/admin/features/settings/components/GeneralTab';
import { specialBounds } from '@/admin/features/settings/components/SpecialScheduleTab';
import { addDays } from '@/admin/lib/dates';
import { adminCompany } from '@/admin/test/fixtures';
import { renderAdmin } from '@/admin/test/render';
import { screenWidth } from '@/admin/test/screen-width';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

/** Installation 3 of company 7: Wednesdays closed, one special day (24 December, closed). */
function config(version: number, interval = 15): AdminConfig {
  return {
    idCompany: 7,
    idInstallation: 3,
    version,
    simbolCoinType: '€',
    config: { closingDate: '22:00', openingDate: '10:00', interval, idCompany: 7, isRefundEnabled: false, data: { maxDaysBooking: 30, companyName: 'Norte', defaultCulture: 'es-ES' } },
    installation: {
      idInstallation: 3,
      name: 'Main',
      enableBooking: true,
      interval,
      maxParticipants: 12,
      openingDate: '10:00',
      closingDate: '22:00',
      timeZone: 'Europe/Madrid',
      isPaymentsActive: true,
      data: {
        companyName: 'Norte',
        defaultCulture: 'es-ES',
        logo: '',
        showEmails: false,
        emailOptional: true,
        maxDaysBooking: 30,
        maxSlotsBooking: 3,
        disableHoursBooking: 0,
        enableGroupedProducts: false,
        dateLimitBooking: { enabled: false, date: '' },
        rules: {},
        generalSchedule: { WE: [{ from: '10:00', to: '14:00', open: false }, { from: '16:00', to: '20:00', open: false }] },
        specialSchedule: [{ id: '1', date: ['2030-12-24'], schedule: { closed: true, open24h: false, value: [] } }],
        contactEmail: 'reservas@norte.example',
        contactPhone: '+34 942 12 34 56',
      },
      confirmationBookingEmails: ['desk@norte.example'],
      cancelBookingEmails: [],
    },
    installations: [{ idInstallation: 3, name: 'Main' }],
    warnings: [],
  };
}

/**
 * The settings API double: the saves it got, answering 409 when `stale` is set and 422 with `refuse`'s
 * field errors when given; `shape` changes what it reads.
 */
function settingsApi({ stale = false, refuse = undefined as Record<string, string> | undefined, shape = (c: AdminConfig) => c } = {}) {
  const saves: AdminConfigSave[] = [];
  server.use(
    http.post('/api/admin/retrieveVariantsAndCircuits', () => HttpResponse.json({ variants: [], circuits: [] })),
    http.post('/api/admin/retrieveConfig', () => HttpResponse.json(shape(config(4)))),
    http.post('/api/admin/saveConfig', async ({ request }) => {
      const body = (await request.json()) as AdminConfigSave;
      saves.push(body);
      if (stale) return HttpResponse.json({ code: 'conflict', message: 'Saved by someone else.' }, { status: 409 });
      if (refuse) return HttpResponse.json({ code: 'unprocessable', message: 'Some settings are out of bounds; nothing was saved.', fields: refuse }, { status: 422 });
      return HttpResponse.json(shape(config(body.version + 1, body.interval)));
    }),
    http.get('/api/users/me', () => HttpResponse.json({ user: { id: 1, email: 'ana@norte.example', name: 'Ana' }, companies: [] })),
    http.get('/api/users/me/sessions', () => HttpResponse.json({ data: [] })),
    // The products, packs and categories tabs read the catalogue and the company (its currency).
    http.get('/api/admin/company', () => HttpResponse.json(adminCompany({ idCompany: 7 }))),
    http.get('/api/product/staff', () => HttpResponse.json([])),
    http.get('/api/group', () => HttpResponse.json([])),
  );
  return saves;
}

/** The dialog's own notice (a toast of an earlier test may still be on screen, an alert too). */
function savedNotice(): HTMLElement {
  const notice = document.querySelector<HTMLElement>('.mantine-Modal-body [role="alert"]');
  if (!notice) throw new Error('the settings dialog shows no notice');
  return notice;
}

async function open(onClose = vi.fn()) {
  renderAdmin(<SettingsDialog idCompany={7} onClose={onClose} />);
  expect(await screen.findByText('Loading variants and circuits...')).toBeInTheDocument();
  await screen.findByRole('tab', { name: '2. General', selected: true });
  return onClose;
}

// jsdom with Mantine's dialog and every tab is slow on the shared 2-core machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the settings dialog', () => {
  it('opens on General with tabs 1–13, 9 disabled, and hides the Save bar on products, packs, team, terms and the waiting list', async () => {
    settingsApi();
    await open();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['1. My account', '2. General', '3. Weekly schedule', '4. Special schedule', '5. General schedule', '6. Products', '7. Packs', '8. Categories', '9. Booking confirmation', '10. Team', '11. Terms', '12. Waiting list', '13. Installations']);
    expect(screen.queryByRole('tab', { name: /Company/ })).not.toBeInTheDocument(); // the owner's only
    expect(screen.getByRole('tab', { name: '9. Booking confirmation' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '6. Products' }));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '7. Packs' }));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '8. Categories' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('on a phone shows the tabs as a menu under one button naming the open one, and keeps edits across tabs', async () => {
    const restore = screenWidth(390);
    try {
      settingsApi();
      renderAdmin(<SettingsDialog idCompany={7} onClose={vi.fn()} />);
      const button = await screen.findByRole('button', { name: 'Settings sections: 2. General' });
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: '2. General' })).toBeInTheDocument();
      const interval = screen.getByLabelText('Session length (minutes)');
      await userEvent.clear(interval);
      await userEvent.type(interval, '30');
      await userEvent.click(button);
      const menu = await screen.findByRole('menu');
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['1. My account', '2. General', '3. Weekly schedule', '4. Special schedule', '5. General schedule', '6. Products', '7. Packs', '8. Categories', '9. Booking confirmation', '10. Team', '11. Terms', '12. Waiting list', '13. Installations']);
      expect(within(menu).getByRole('menuitem', { name: '2. General' })).toHaveAttribute('aria-current', 'true');
      expect(within(menu).getByRole('menuitem', { name: '9. Booking confirmation' })).toBeDisabled();
      await userEvent.click(within(menu).getByRole('menuitem', { name: '6. Products' }));
      expect(await screen.findByRole('button', { name: 'Settings sections: 6. Products' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: '6. Products' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      // The weekly schedule: each day's two periods under its name (side by side they had no room).
      await userEvent.click(screen.getByRole('button', { name: 'Settings sections: 6. Products' }));
      await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '3. Weekly schedule' }));
      const monday = await screen.findByRole('group', { name: 'Monday' });
      expect(within(monday).getAllByRole('switch')).toHaveLength(2);
      expect(within(monday).getAllByRole('textbox')).toHaveLength(4);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      // Back to General: the edit is still there, and Save offers it.
      await userEvent.click(screen.getByRole('button', { name: 'Settings sections: 3. Weekly schedule' }));
      await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '2. General' }));
      expect(await screen.findByLabelText('Session length (minutes)')).toHaveValue('30');
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    } finally {
      restore();
    }
  });

  it('is not closed by Escape, and asks before leaving unsaved changes', async () => {
    settingsApi();
    const onClose = await open();
    const interval = screen.getByLabelText('Session length (minutes)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '30');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Session length (minutes)')).toHaveValue('30');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks on the browser's Back with unsaved changes, and Stay keeps them", async () => {
    settingsApi();
    const onClose = await open();
    const interval = screen.getByLabelText('Session length (minutes)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '30');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Session length (minutes)')).toHaveValue('30');
  });

  it('closes at once without changes', async () => {
    settingsApi();
    const onClose = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves behind a confirmation, based on the version it read', async () => {
    const saves = settingsApi();
    await open();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const interval = screen.getByLabelText('Session length (minutes)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Save the settings?' });
    expect(saves).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ idCompany: 7, idInstallation: 3, version: 4, interval: 20, confirmationBookingEmails: ['desk@norte.example'] });
    expect(await screen.findByText('Setup changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    // Save is disabled now: the focus goes to Cancel rather than out of the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('keeps the edits on screen and says so when someone else saved first', async () => {
    settingsApi({ stale: true });
    await open();
    const interval = screen.getByLabelText('Session length (minutes)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings?' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else saved these settings/)).toBeInTheDocument();
    expect(screen.getByLabelText('Session length (minutes)')).toHaveValue('25');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus());
  });

  it('sends back everything it did not change exactly as read: adding an e-mail keeps a Saturday break and a one-period day', async () => {
    // Saturday is open 10–22 in one period with a 14:00–14:30 maintenance break in its rules.
    const withBreak = (c: AdminConfig): AdminConfig => ({
      ...c,
      installation: {
        ...c.installation,
        data: {
          ...c.installation.data,
          rules: { SA: { excludedHours: [{ from: '14:00', to: '14:30' }], excludedDays: ['2030-12-28'] } },
          generalSchedule: { ...c.installation.data.generalSchedule, SA: [{ from: '10:00', to: '22:00', open: true }] },
        },
      },
    });
    const saves = settingsApi({ shape: withBreak });
    await open();
    const list = screen.getByRole('region', { name: 'Booking confirmation e-mails' });
    await userEvent.type(within(list).getByLabelText('Booking confirmation e-mails: New e-mail address'), 'night@norte.example');
    await userEvent.click(within(list).getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const i = withBreak(config(4)).installation;
    expect(saves[0]).toEqual({
      idCompany: 7,
      idInstallation: 3,
      version: 4,
      enableBooking: i.enableBooking,
      interval: i.interval,
      maxParticipants: i.maxParticipants,
      openingDate: i.openingDate,
      closingDate: i.closingDate,
      confirmationBookingEmails: [...i.confirmationBookingEmails, 'night@norte.example'],
      cancelBookingEmails: i.cancelBookingEmails,
      data: {
        showEmails: i.data.showEmails,
        emailOptional: i.data.emailOptional,
        maxDaysBooking: i.data.maxDaysBooking,
        maxSlotsBooking: i.data.maxSlotsBooking,
        disableHoursBooking: i.data.disableHoursBooking,
        enableGroupedProducts: i.data.enableGroupedProducts,
        dateLimitBooking: i.data.dateLimitBooking,
        rules: i.data.rules,
        generalSchedule: i.data.generalSchedule,
        specialSchedule: i.data.specialSchedule.map(({ date, schedule }) => ({ date, schedule })),
        contactEmail: i.data.contactEmail,
        contactPhone: i.data.contactPhone,
      },
    });
  });

  it("edits the circuit's contact phone where its contact e-mail is, and saves it", async () => {
    const saves = settingsApi();
    await open();
    expect(screen.getByLabelText('Contact e-mail for customers')).toHaveValue('reservas@norte.example');
    const phone = screen.getByLabelText('Contact phone for customers');
    expect(phone).toHaveValue('+34 942 12 34 56');
    expect(phone).toHaveStyle({ direction: 'ltr' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '942 99');
    expect(await screen.findByText('Enter the number with its country code, e.g. +34 942 123 456.')).toBeInTheDocument();
    await userEvent.clear(phone);
    await userEvent.type(phone, '+34 942 99 88 77');
    expect(screen.queryByText('Enter the number with its country code, e.g. +34 942 123 456.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].data).toMatchObject({ contactPhone: '+34 942 99 88 77', contactEmail: 'reservas@norte.example' });
  });

  it('shows each field a save was refused for as a sentence beside it, names the tabs holding them, in English and in Arabic, never a data path', async () => {
    const saves = settingsApi({
      refuse: {
        'data.specialSchedule[0].date': 'must not be in the past',
        'data.maxDaysBooking': 'must be between 1 and 3650',
        'data.generalSchedule.WE[1].to': 'must differ from from',
        'data.rules.SA.excludedHours[0].from': 'must be a time HH:mm',
      },
    });
    await open();
    const interval = screen.getByLabelText('Session length (minutes)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));

    // The notice names the tabs to look at and says in a sentence what no field shows.
    const notice = await screen.findByText(/^Some settings are not valid; nothing was saved\./);
    expect(notice).toHaveTextContent('Correct the marked fields in: 2. General, 3. Weekly schedule, 4. Special schedule.');
    expect(screen.getByText('This setting was refused: \u2068must be a time HH:mm\u2069')).toBeInTheDocument();
    // Those tabs carry a mark (their names stay as they were).
    expect(screen.getByRole('tab', { name: '4. Special schedule' }).querySelector('[data-marked]')).not.toBeNull();
    expect(screen.getByRole('tab', { name: '5. General schedule' }).querySelector('[data-marked]')).toBeNull();
    // Beside its field on General.
    expect(screen.getByLabelText('Days ahead customers can book')).toHaveAccessibleDescription('Choose a value between 1 and 3650.');
    expect(document.body.textContent).not.toMatch(/data\.|specialSchedule|maxDaysBooking/);
    // On its day of the weekly schedule.
    await userEvent.click(screen.getByRole('tab', { name: '3. Weekly schedule' }));
    expect(within(screen.getByRole('row', { name: /^Wednesday/ })).getByText('The end must differ from the start.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^Monday/ })).queryByText('The end must differ from the start.')).not.toBeInTheDocument();
    // On its row of the special schedule.
    await userEvent.click(screen.getByRole('tab', { name: '4. Special schedule' }));
    const row = screen.getByRole('row', { name: /24\sDec\s2030/ });
    expect(within(row).getByText('This day has passed: choose today or a later day.')).toBeInTheDocument();

    // In Arabic the same errors read in Arabic.
    await act(async () => {
      await i18n.changeLanguage('ar');
    });
    expect(await screen.findByText('مضى هذا اليوم: اختر اليوم أو يومًا لاحقًا.')).toBeInTheDocument();
    expect(savedNotice()).toHaveTextContent('صحّح الحقول المعلَّمة في: 2. عام، 3. الجدول الأسبوعي، 4. جدول خاص.');
    expect(screen.getByText('رُفض هذا الإعداد: \u2068must be a time HH:mm\u2069')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '2. عام' }));
    expect(await screen.findByText('اختر قيمة بين 1 و3650.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/data\.|specialSchedule|maxDaysBooking/);
    await act(async () => {
      await i18n.changeLanguage('en');
    });

    // Changing the refused value takes its error away; the others stay.
    const days = screen.getByLabelText('Days ahead customers can book');
    await userEvent.clear(days);
    await userEvent.type(days, '60');
    await waitFor(() => expect(screen.queryByText('Choose a value between 1 and 3650.')).not.toBeInTheDocument());
    expect(savedNotice()).toHaveTextContent('Correct the marked fields in: 3. Weekly schedule, 4. Special schedule.');
  });

  it('bounds the booking date limit as the server does: a year back to 31 December five years on', async () => {
    const saves = settingsApi();
    await open();
    const { first, last } = dateLimitBounds('Europe/Madrid');
    const today = addDays(first, 365);
    expect(last).toBe(`${Number(today.slice(0, 4)) + 5}-12-31`);
    await userEvent.click(screen.getByLabelText('Booking date limit'));
    const day = screen.getByLabelText('Last bookable date');

    // A day before the first allowed is not taken, nor one after the last.
    await userEvent.type(day, addDays(first, -1));
    await userEvent.tab();
    expect(day).toHaveValue('');
    await userEvent.type(day, addDays(last, 1));
    await userEvent.tab();
    expect(day).toHaveValue('');
    // The first allowed is.
    await userEvent.clear(day);
    await userEvent.type(day, first);
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].data.dateLimitBooking).toEqual({ enabled: true, date: first });
  });

  it('shows a bound error beside the field', async () => {
    settingsApi();
    await open();
    const slots = screen.getByLabelText('Sessions per booking');
    await userEvent.clear(slots);
    await userEvent.type(slots, '11');
    expect(await screen.findByText('Between 1 and 10.')).toBeInTheDocument();
  });
});

describe('the special schedule tab', () => {
  it('refuses a date already set, warns of closed weekdays, filters by a date field and removes selected rows; days written the language\'s way', async () => {
    const saves = settingsApi();
    await open();
    await userEvent.click(screen.getByRole('tab', { name: '4. Special schedule' }));
    expect(screen.getByText('24 Dec 2030')).toBeInTheDocument();

    // The same day again: dateExists, nothing added.
    await userEvent.type(screen.getByLabelText('Date'), '2030-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('That date is already set (dateExists).')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /^Select/ })).toHaveLength(1);

    // A range over a closed Wednesday (1 January 2031): added, with the weekDayClosed warning.
    await userEvent.click(screen.getByRole('radio', { name: 'Date range' }));
    await userEvent.clear(screen.getByLabelText('First day'));
    await userEvent.type(screen.getByLabelText('First day'), '2030-12-30');
    await userEvent.type(screen.getByLabelText('Last day'), '2031-01-02');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/^The weekday is closed \(weekDayClosed\): \u20681 Jan 2031\u2069$/)).toBeInTheDocument();
    expect(screen.getByText('30 Dec 2030 – 2 Jan 2031')).toBeInTheDocument();

    // The filter shows the rows covering a date.
    await userEvent.type(screen.getByLabelText('Filter by date'), '2030-12-31');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText('24 Dec 2030')).not.toBeInTheDocument());
    expect(screen.getByText('30 Dec 2030 – 2 Jan 2031')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Filter by date'));
    await userEvent.tab();
    expect(await screen.findByText('24 Dec 2030')).toBeInTheDocument();

    // Multi-select and remove.
    expect(screen.getByRole('button', { name: 'Remove selected rows' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select 24\sDec\s2030$/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove selected rows' }));
    expect(screen.queryByText('24 Dec 2030')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].data.specialSchedule).toEqual([{ date: ['2030-12-30', '2031-01-02'], schedule: { closed: true, open24h: false, value: [] } }]);
  });

  it('bounds the pickers to today at the circuit and five years on: a day outside is not taken and Add stays off', async () => {
    const saves = settingsApi();
    await open();
    await userEvent.click(screen.getByRole('tab', { name: '4. Special schedule' }));
    const { first, last } = specialBounds('Europe/Madrid');
    const day = screen.getByLabelText('Date');
    expect(last).toBe(`${Number(first.slice(0, 4)) + 5}-12-31`);

    // A day typed before today is not taken (the picker's bounds): nothing to add.
    await userEvent.type(day, addDays(first, -1));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();

    // Today is fine.
    await userEvent.clear(day);
    await userEvent.type(day, first);
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());

    // A range whose last day is past the last allowed is not taken either.
    await userEvent.click(screen.getByRole('radio', { name: 'Date range' }));
    const lastDay = screen.getByLabelText('Last day');
    await userEvent.type(lastDay, addDays(last, 1));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(saves).toHaveLength(0);
  });
});
