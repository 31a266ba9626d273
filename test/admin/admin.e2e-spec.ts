import { AccountClient, convertStatus } from '../support/account-client';
import { TEST_PASSWORD, testAppForSuite, TestMember } from '../support/test-app';

describe('admin: members', () => {
  const t = testAppForSuite();
  let admin: AccountClient;
  let adminMember: TestMember;

  beforeAll(async () => {
    adminMember = await t.createMember({ email: 'root-admin@example.com', role: 'admin' });
    admin = await new AccountClient(t).loginOk('root-admin@example.com');
  });

  it('lists members newest first, paged, filtered by part of the email', async () => {
    for (let i = 0; i < 12; i++) await t.createMember({ email: `paging-${String(i).padStart(2, '0')}@list.example` });
    await t.createMember({ email: 'odd_one%@list.example' });

    const page1 = await admin.get('/admin/members?email=LIST.example&per_page=5');
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ ok: true, page: 1, per_page: 5, total: 13 });
    expect(page1.body.members).toHaveLength(5);
    expect(page1.body.members[0]).toEqual({
      id: expect.any(String),
      email: 'odd_one%@list.example',
      role: 'member',
      plan: 'free',
      disabled: false,
      disabled_at: null,
      created_at: expect.any(String),
    });
    const page3 = await admin.get('/admin/members?email=list.example&per_page=5&page=3');
    expect(page3.body.members).toHaveLength(3);
    const all = [page1, await admin.get('/admin/members?email=list.example&per_page=5&page=2'), page3].flatMap((res) =>
      res.body.members.map((member: { email: string }) => member.email),
    );
    expect(new Set(all).size).toBe(13);

    // LIKE wildcards in the filter are taken literally.
    const literal = await admin.get(`/admin/members?email=${encodeURIComponent('_one%')}`);
    expect(literal.body.members.map((member: { email: string }) => member.email)).toEqual(['odd_one%@list.example']);
    expect((await admin.get('/admin/members?email=%25')).body.total).toBe(1);

    expect(JSON.stringify(page1.body)).not.toMatch(/password|session_version|\$2[aby]\$/);
  });

  it('refuses bad paging and unknown query parameters', async () => {
    for (const query of ['page=0', 'per_page=101', 'per_page=ten', 'role=admin']) {
      const res = await admin.get(`/admin/members?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('changes plan and role', async () => {
    const { member } = await t.createMember();
    const res = await admin.patch(`/admin/members/${member.id}`, { plan: 'pro', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ id: member.id, plan: 'pro', role: 'admin', disabled: false });
    const listed = await admin.get(`/admin/members?email=${encodeURIComponent(member.email)}`);
    expect(listed.body.members[0]).toMatchObject({ plan: 'pro', role: 'admin' });
  });

  it('disabling a member stops their API pair at once (even cached), ends their sessions and blocks login', async () => {
    const target = await t.createMember();
    const session = await new AccountClient(t).loginOk(target.member.email);
    expect(await convertStatus(t, target.apiKey, target.apiToken)).toBe(200); // now cached

    const disabled = await admin.patch(`/admin/members/${target.member.id}`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.member).toMatchObject({ disabled: true, disabled_at: expect.any(String) });

    expect(await convertStatus(t, target.apiKey, target.apiToken)).toBe(401);
    expect((await session.get('/account')).status).toBe(401);
    const sessions = await t.dataSource.query('SELECT 1 FROM sessions WHERE member_id = $1', [target.member.id]);
    expect(sessions).toHaveLength(0);
    const login = await new AccountClient(t).login(target.member.email);
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('forbidden');

    const enabled = await admin.patch(`/admin/members/${target.member.id}`, { disabled: false });
    expect(enabled.body.member).toMatchObject({ disabled: false, disabled_at: null });
    expect(await convertStatus(t, target.apiKey, target.apiToken)).toBe(200);
    expect((await new AccountClient(t).login(target.member.email)).status).toBe(200);
  });

  it('does not let an admin demote or disable themselves', async () => {
    for (const body of [{ role: 'member' }, { disabled: true }]) {
      const res = await admin.patch(`/admin/members/${adminMember.member.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
    }
  });

  it('answers 404 for an unknown member and 400 for a bad id or body', async () => {
    const unknown = await admin.patch('/admin/members/6f1c1c1e-1b1a-4c1a-9c1a-1c1a1c1a1c1a', { plan: 'pro' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const badId = await admin.patch('/admin/members/not-a-uuid', { plan: 'pro' });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatchObject({ code: 'invalid_request', field: 'id' });
    const { member } = await t.createMember();
    for (const [body, field] of [
      [{ plan: 'gold' }, 'plan'],
      [{ role: 'owner' }, 'role'],
      [{ disabled: 'yes' }, 'disabled'],
      [{ email: 'x@example.com' }, 'email'],
    ] as const) {
      const res = await admin.patch(`/admin/members/${member.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    }
  });

  it('answers 401 when logged out and 403 forbidden to members who are not admins', async () => {
    const anonymous = await t.send(t.http.get('/admin/members').set('Accept', 'application/json'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
    const anonymousPatch = await t.send(t.http.patch(`/admin/members/${adminMember.member.id}`).send({ plan: 'pro' }));
    expect(anonymousPatch.status).toBe(401);

    const { member } = await t.createMember();
    const plain = await new AccountClient(t).loginOk(member.email, TEST_PASSWORD);
    const list = await plain.get('/admin/members');
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('forbidden');
    const promote = await plain.patch(`/admin/members/${member.id}`, { role: 'admin' });
    expect(promote.status).toBe(403);
    expect(promote.body.error.code).toBe('forbidden');
    expect((await plain.get('/account')).body.member.role).toBe('member');
  });

  it('needs the CSRF token for changes', async () => {
    const { member } = await t.createMember();
    const token = admin.csrf;
    admin.csrf = null;
    try {
      const res = await admin.patch(`/admin/members/${member.id}`, { plan: 'pro' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('csrf_failed');
    } finally {
      admin.csrf = token;
    }
  });
});
