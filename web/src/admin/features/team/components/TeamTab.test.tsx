import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Team } from '@/admin/features/team/api/team';
import { TeamTab } from '@/admin/features/team/components/TeamTab';
import { renderAdmin } from '@/admin/test/render';
import { screenWidth } from '@/admin/test/screen-width';
import { i18n } from '@/lib/i18n';
import { server } from '@/test/server';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const member = (userId: number, name: string, role: 'DESK' | 'ADMIN' | 'SUPERADMIN', extra: Partial<Team['members'][number]> = {}) => ({
  userId,
  name,
  email: `${name.toLowerCase()}@norte.example`,
  role,
  state: 'active' as const,
  lastSignInAt: '2026-11-20T10:00:00Z',
  isMe: false,
  ...extra,
});

/** A server whose team changes as the calls change it; it records every write. */
function teamServer(team: Team) {
  const writes: string[] = [];
  server.use(
    http.get('/api/admin/team', () => HttpResponse.json(team)),
    http.get('/api/admin/team/second-factor', () => HttpResponse.json({ required: false })),
    http.put('/api/admin/team/members/:id/role', async ({ params, request }) => {
      const { role } = (await request.json()) as { role: 'DESK' | 'ADMIN' };
      const m = team.members.find((x) => x.userId === Number(params.id))!;
      m.role = role;
      writes.push(`role ${m.name} ${role}`);
      return HttpResponse.json(m);
    }),
    http.post('/api/admin/team/members/:id/disable', ({ params }) => {
      const m = team.members.find((x) => x.userId === Number(params.id))!;
      m.state = 'disabled';
      writes.push(`disable ${m.name}`);
      return HttpResponse.json(m);
    }),
    http.delete('/api/admin/team/members/:id', ({ params }) => {
      const m = team.members.find((x) => x.userId === Number(params.id))!;
      team.members = team.members.filter((x) => x !== m);
      writes.push(`remove ${m.name}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/admin/team/invitations', async ({ request }) => {
      const body = (await request.json()) as { email: string; role: 'DESK' | 'ADMIN'; culture: string };
      if (body.email === 'taken@norte.example') return HttpResponse.json({ code: 'conflict', message: 'Already a member.', fields: { email: 'x' } }, { status: 409 });
      writes.push(`invite ${body.email} ${body.role} ${body.culture}`);
      const inv = { id: 7, email: body.email, role: body.role, state: 'invited' as const, invitedBy: 'ana@norte.example', createdAt: '2026-11-28T09:00:00Z', expiresAt: '2026-12-01T09:00:00Z' };
      team.invitations = [inv, ...team.invitations];
      return HttpResponse.json(inv, { status: 201 });
    }),
    http.delete('/api/admin/team/invitations/:id', ({ params }) => {
      team.invitations = team.invitations.filter((x) => x.id !== Number(params.id));
      writes.push(`revoke ${params.id}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/admin/team/invitations/:id/resend', ({ params }) => {
      writes.push(`resend ${params.id}`);
      return HttpResponse.json(team.invitations.find((x) => x.id === Number(params.id)));
    }),
    // A member's sessions and the company's API tokens.
    http.get('/api/admin/team/members/:id/sessions', () => HttpResponse.json({ data: sessions })),
    http.delete('/api/admin/team/members/:id/sessions/:sid', ({ params }) => {
      sessions = sessions.filter((x) => x.id !== Number(params.sid));
      writes.push(`end session ${params.id}/${params.sid}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('/api/admin/team/members/:id/sessions', ({ params }) => {
      writes.push(`end sessions ${params.id}`);
      const ended = sessions.length;
      sessions = [];
      return HttpResponse.json({ ended });
    }),
    http.get('/api/admin/api-tokens', () => HttpResponse.json({ data: tokens })),
    http.post('/api/admin/api-tokens', async ({ request }) => {
      const body = (await request.json()) as { name: string; role: 'DESK' | 'ADMIN' | 'SUPERADMIN' };
      writes.push(`token ${body.name} ${body.role}`);
      const token = { id: 40 + tokens.length, name: body.name, role: body.role, createdBy: 'ana@norte.example', createdAt: '2026-11-28T09:00:00Z', lastUsedAt: null, revokedAt: null };
      tokens = [token, ...tokens];
      return HttpResponse.json({ token, secret: 'plt_secret-shown-once' }, { status: 201 });
    }),
    http.delete('/api/admin/api-tokens/:id', ({ params }) => {
      writes.push(`revoke token ${params.id}`);
      tokens = tokens.map((x) => (x.id === Number(params.id) ? { ...x, revokedAt: '2026-11-28T10:00:00Z' } : x));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  let sessions = [
    { id: 11, createdAt: '2026-11-28T08:00:00Z', lastSeenAt: '2026-11-28T09:30:00Z', expiresAt: '2026-11-28T20:00:00Z', userAgent: 'Counter tablet', address: '203.0.113.9', current: false },
    { id: 10, createdAt: '2026-11-27T08:00:00Z', lastSeenAt: '2026-11-27T09:30:00Z', expiresAt: '2026-11-27T20:00:00Z', userAgent: 'Office PC', address: '198.51.100.4', current: false },
  ];
  let tokens: { id: number; name: string; role: 'DESK' | 'ADMIN' | 'SUPERADMIN'; createdBy: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }[] = [
    { id: 30, name: 'Accounting export', role: 'DESK', createdBy: 'boss@norte.example', createdAt: '2026-11-01T09:00:00Z', lastUsedAt: '2026-11-27T23:00:00Z', revokedAt: null },
  ];
  return writes;
}

const norte = (): Team => ({
  members: [
    member(1, 'Ana', 'ADMIN', { isMe: true }),
    member(2, 'Boss', 'SUPERADMIN'),
    member(3, 'Carla', 'DESK', { lastSignInAt: null }),
  ],
  invitations: [{ id: 5, email: 'dani@norte.example', role: 'DESK', state: 'invited', invitedBy: 'ana@norte.example', createdAt: '2026-11-27T09:00:00Z', expiresAt: '2026-11-30T09:00:00Z' }],
});

describe('the Team tab', () => {
  it('lists the members; an ADMIN cannot touch themselves nor the SUPERADMIN, nor grant SUPERADMIN', async () => {
    teamServer(norte());
    renderAdmin(<TeamTab idCompany={1} role="ADMIN" />);
    expect(await screen.findByText('Carla')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Ana' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of Boss' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove Ana' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Boss' })).not.toBeInTheDocument();
    const carla = screen.getByRole('combobox', { name: 'Role of Carla' });
    expect(within(carla).getAllByRole('option').map((o) => o.textContent)).toEqual(['Desk', 'Admin']);
  });

  it('changes a role, disables, and removes only after a confirmation naming the person', async () => {
    const writes = teamServer(norte());
    renderAdmin(<TeamTab idCompany={1} role="ADMIN" />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Carla' }), 'ADMIN');
    await waitFor(() => expect(writes).toEqual(['role Carla ADMIN']));
    await userEvent.click(screen.getByRole('button', { name: 'Disable Carla' }));
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Carla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Carla?' });
    expect(within(dialog).getByText(/carla@norte\.example/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual(['role Carla ADMIN', 'disable Carla']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Carla' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Carla?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Carla')).not.toBeInTheDocument());
    expect(writes).toEqual(['role Carla ADMIN', 'disable Carla', 'remove Carla']);
  });

  it('on a phone shows a card per member with the role, the state and the actions', async () => {
    const restore = screenWidth(390);
    try {
      const writes = teamServer(norte());
      renderAdmin(<TeamTab idCompany={1} role="ADMIN" />);
      const list = await screen.findByRole('list', { name: 'Members' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const carla = within(list).getByText('Carla').closest('li') as HTMLElement;
      await userEvent.selectOptions(within(carla).getByRole('combobox', { name: 'Role of Carla' }), 'ADMIN');
      await waitFor(() => expect(writes).toEqual(['role Carla ADMIN']));
      expect(within(carla).getByRole('button', { name: 'Remove Carla' })).toBeInTheDocument();
      const ana = within(list).getByText('ana@norte.example').closest('li') as HTMLElement;
      expect(within(ana).getByRole('combobox', { name: 'Role of Ana' })).toBeDisabled();
    } finally {
      restore();
    }
  });

  it('invites by e-mail and role in the language of the page, and resends or revokes pending invitations', async () => {
    const writes = teamServer(norte());
    renderAdmin(<TeamTab idCompany={1} role="SUPERADMIN" />);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'not an e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@norte.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This address is already a member or already invited.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'eva@norte.example');
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Desk', 'Admin', 'Super admin']);
    await userEvent.selectOptions(role, 'ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('eva@norte.example')).toBeInTheDocument();
    expect(writes).toEqual(['invite eva@norte.example ADMIN en']);
    await userEvent.click(screen.getByRole('button', { name: 'Resend the invitation to dani@norte.example' }));
    await waitFor(() => expect(writes).toContain('resend 5'));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to dani@norte.example' }));
    await waitFor(() => expect(screen.queryByText('dani@norte.example')).not.toBeInTheDocument());
  });

  it("lists a member's sessions (browser, address) and ends one: the others stay", async () => {
    const writes = teamServer(norte());
    renderAdmin(<TeamTab idCompany={1} role="ADMIN" />);
    expect(screen.queryByRole('button', { name: 'Sessions of Boss' })).not.toBeInTheDocument(); // an ADMIN does not see a SUPERADMIN's
    await userEvent.click(await screen.findByRole('button', { name: 'Sessions of Carla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of Carla' });
    expect(await within(dialog).findByText('Counter tablet')).toBeInTheDocument();
    expect(within(dialog).getByText('203.0.113.9')).toBeInTheDocument();
    const rows = within(dialog).getAllByTestId('session-row');
    await userEvent.click(within(rows[0]).getByRole('button', { name: /^End the session signed in/ }));
    await waitFor(() => expect(within(dialog).queryByText('Counter tablet')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Office PC')).toBeInTheDocument();
    expect(writes).toEqual(['end session 3/11']);
  });

  it('creates an API token no higher than the creator’s role, shows its secret once, and revokes one', async () => {
    const writes = teamServer(norte());
    renderAdmin(<TeamTab idCompany={1} role="ADMIN" />);
    const row = await screen.findByTestId('api-token');
    expect(within(row).getByText('Accounting export')).toBeInTheDocument();
    expect(within(row).getByText('boss@norte.example')).toBeInTheDocument();
    const role = screen.getByRole('combobox', { name: 'Token role' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Desk', 'Admin']);
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name the token (at most 80 characters).')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Token name' }), 'Till sync');
    await userEvent.selectOptions(role, 'ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Token Till sync created' });
    expect(within(shown).getByTestId('api-token-secret')).toHaveTextContent('plt_secret-shown-once');
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('plt_secret-shown-once')).not.toBeInTheDocument());
    expect(await screen.findByText('Till sync')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the token Accounting export' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(writes).toEqual(['token Till sync ADMIN', 'revoke token 30']);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    teamServer(norte());
    renderAdmin(<TeamTab idCompany={1} role="ADMIN" />);
    expect(await screen.findByRole('button', { name: 'Quitar a Carla' })).toBeInTheDocument();
    expect(screen.getByText('Invitaciones pendientes')).toBeInTheDocument();
  });
});
