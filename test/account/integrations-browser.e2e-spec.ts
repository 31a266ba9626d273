import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy } from '@app/conversion';
import { CredentialsService } from '@app/credentials';
import { Webhook } from 'standardwebhooks';
import { eventually } from '../support/api-process';
import { appInBrowserForSuite, HAVE_CHROMIUM, NEEDS_CHROMIUM, WIDTHS } from '../support/browser';
import { describeIf } from '../support/skip';
import type { TestMember } from '../support/test-app';

/**
 * The "Integration keys" and "Webhooks" pages in a real browser, against the real app and a receiver on
 * 127.0.0.1 (allowed by the address policy here only): a key made through the page (errors beside the fields
 * first), carrying its scopes and IP allow-list, then revoked; an endpoint added (its secret shown once and
 * verifying what the receiver gets), tested, its delivery log read and redelivered, changed, turned off and on,
 * deleted. axe finds nothing and nothing is wider than the screen at 1280 and 375 px.
 */
describeIf(HAVE_CHROMIUM, NEEDS_CHROMIUM)('integration keys and webhooks pages in a browser', () => {
  const { t, browser } = appInBrowserForSuite(
    { WEBHOOK_RETRY_BASE_MS: '200' },
    { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] },
    { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }], timeout: 180_000 },
  );
  let mai: TestMember;
  let receiver: Server;
  let hookUrl: string;
  const received: Array<{ headers: Record<string, string>; body: string }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString() });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    mai = await t.createMember({ email: 'mai.integrations@example.com' });
    await browser.logIn(mai.member.email);
  });
  afterAll(() => new Promise((done) => receiver?.close(done)));

  /** axe's violations (all of them), and whether anything is wider than the screen, at both widths. */
  async function checkWidths(name: string): Promise<void> {
    for (const width of WIDTHS) {
      await browser.page.setViewportSize({ width, height: 900 });
      const results = await new AxeBuilder({ page: browser.page }).analyze();
      const problems = results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
      expect({ name, width, problems }).toEqual({ name, width, problems: [] });
      const scrollWidth = await browser.page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ name, width, scrollWidth: Math.min(scrollWidth, width) }).toEqual({ name, width, scrollWidth });
      await browser.screenshot(`${name}-${width}.png`);
    }
    await browser.page.setViewportSize({ width: 1280, height: 900 });
  }

  const callWith = (apiKey: string, apiToken: string) =>
    fetch(`${browser.base}/api/convert`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, 'X-API-Token': apiToken },
      body: JSON.stringify({ content: 'https://shopee.vn/x-i.1.2', mode: 'link_goc' }),
    });

  it('integration keys: errors beside the fields, a scoped key shown once and refused outside its scope, revoked', async () => {
    await browser.page.getByRole('link', { name: 'Integration keys' }).click();
    await browser.page.waitForURL(`${browser.base}/dashboard/integration-keys`);
    const main = browser.page.locator('#keys-table tbody tr').first();
    expect(await main.locator('td[data-label="Scopes"]').textContent()).toBe('Every right');

    await browser.page.getByLabel('Name').fill('ERP order sync');
    await browser.page.getByRole('button', { name: 'Make the key' }).click();
    await browser.page.locator('#key-scopes-error').waitFor();
    expect(await browser.page.locator('#key-scopes-error').textContent()).toContain('scopes');
    await browser.page.getByRole('checkbox', { name: 'analytics:read' }).check();
    await browser.page.getByLabel('IP allow-list (optional)').fill('127.0.0.1, not-an-address');
    await browser.page.getByRole('button', { name: 'Make the key' }).click();
    await browser.page.locator('#key-ips-error').waitFor();
    expect(await browser.page.getByLabel('Name').inputValue()).toBe('ERP order sync');
    expect(await browser.page.getByRole('checkbox', { name: 'analytics:read' }).isChecked()).toBe(true);
    expect(await browser.page.locator('#key-ips').getAttribute('aria-invalid')).toBe('true');
    await checkWidths('account-integration-keys-errors');

    await browser.page.getByLabel('IP allow-list (optional)').fill('127.0.0.1, 203.0.113.0/24');
    await browser.page.getByLabel('Expires on (optional)').fill('2099-01-31');
    await browser.page.getByRole('button', { name: 'Make the key' }).click();
    await browser.page.getByRole('heading', { name: 'Key and token of ERP order sync' }).waitFor();
    const apiToken = await browser.copied('Copy token');
    const apiKey = await browser.copied('Copy key');
    expect(apiToken).toMatch(/^tok_/);
    expect(apiKey).toMatch(/^sk_/);
    await checkWidths('account-integration-keys-reveal');
    // Outside its scope: refused, naming the scope.
    const refused = await callWith(apiKey, apiToken);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');

    await browser.page.getByRole('button', { name: 'I have copied them' }).click();
    await browser.page.locator('#new-pair').waitFor({ state: 'detached' });
    const row = browser.page.locator('#keys-table tbody tr', { hasText: 'ERP order sync' });
    expect(await row.locator('td[data-label="Scopes"]').textContent()).toBe('analytics:read');
    expect(await row.locator('td[data-label="IP allow-list"]').textContent()).toBe('127.0.0.1, 203.0.113.0/24');
    expect(await row.locator('td[data-label="Expires"] time').getAttribute('datetime')).toBe(
      '2099-01-31T00:00:00.000Z',
    );
    await checkWidths('account-integration-keys');

    await browser.page.getByRole('button', { name: 'Revoke ERP order sync' }).click();
    const dialog = browser.page.getByRole('dialog', { name: 'Revoke ERP order sync?' });
    await dialog.getByRole('button', { name: 'Revoke the key' }).click();
    await browser.page.getByText('Key revoked.').waitFor();
    expect(await browser.page.locator('#keys-table tbody tr').count()).toBe(1);
    expect((await callWith(apiKey, apiToken)).status).toBe(401);

    // A name is shown as typed, never run.
    const hostile = '<img src=x onerror="window.__xss=1">';
    await t.app.get(CredentialsService).createKey(mai.member.id, { name: hostile, scopes: ['convert'] });
    await browser.page.reload();
    expect(await browser.page.locator('#keys-table td[data-label="Name"]').nth(1).textContent()).toBe(hostile);
    expect(await browser.page.evaluate('window.__xss')).toBeUndefined();
    expect(browser.problems).toEqual([]);
  });

  it('webhooks: add (secret once, verifies), test event, delivery log and redeliver, edit, disable, delete', async () => {
    await browser.page.getByRole('link', { name: 'Webhooks' }).click();
    await browser.page.waitForURL(`${browser.base}/dashboard/webhooks`);
    await browser.page.getByLabel('URL').fill('http://10.0.0.7/hooks');
    await browser.page.getByRole('checkbox', { name: 'order.updated' }).check();
    await browser.page.getByRole('button', { name: 'Add the endpoint' }).click();
    await browser.page.locator('#endpoint-url-error').waitFor();
    expect(await browser.page.locator('#endpoint-url-error').textContent()).toContain('The webhook URL is refused');

    await browser.page.getByLabel('URL').fill(hookUrl);
    await browser.page.getByRole('checkbox', { name: 'order.created' }).check();
    await browser.page.getByRole('button', { name: 'Add the endpoint' }).click();
    await browser.page.getByRole('heading', { name: 'Signing secret' }).waitFor();
    const secret = await browser.copied('Copy secret');
    expect(secret).toMatch(/^whsec_/);
    await checkWidths('account-webhooks-secret');
    await browser.page.getByRole('button', { name: 'I have copied it' }).click();
    await browser.page.locator('#new-secret').waitFor({ state: 'detached' });
    expect(await browser.page.content()).not.toContain(secret);

    await browser.page.getByRole('button', { name: `Send a test event to ${hookUrl}` }).click();
    await browser.page.getByText(`Test event sent to ${hookUrl}`).waitFor();
    expect(await eventually(() => received.length === 1, 15_000)).toBe(true);
    const message = received[0];
    const verified = new Webhook(secret).verify(message.body, message.headers) as { type: string };
    expect(verified.type).toBe('webhook.test');
    await checkWidths('account-webhooks');

    await browser.page.getByRole('link', { name: `Delivery log of ${hookUrl}` }).click();
    await browser.page.getByRole('heading', { name: 'Delivery log' }).waitFor();
    // The attempt is logged once the receiver answered: reload until it shows.
    expect(
      await eventually(async () => {
        await browser.page.reload();
        return (
          (await browser.page.locator('td[data-label="Status"] .status-code').first().textContent()) === 'HTTP 204'
        );
      }, 15_000),
    ).toBe(true);
    const delivery = browser.page.locator('#deliveries-table tbody tr').first();
    expect(await delivery.locator('td[data-label="Event"]').textContent()).toBe('webhook.test');
    expect(await delivery.locator('td[data-label="Attempts"]').textContent()).toBe('1');
    await delivery.getByText('Show the body').click();
    expect(await delivery.locator('pre').textContent()).toContain('"type": "webhook.test"');
    await checkWidths('account-webhook-deliveries');
    await delivery.getByRole('button', { name: /^Redeliver webhook.test/ }).click();
    await browser.page.getByText('Sent again').waitFor();
    expect(await eventually(() => received.length === 2, 15_000)).toBe(true);
    expect(received[1].headers['webhook-id']).toBe(message.headers['webhook-id']);

    await browser.page.getByRole('link', { name: 'Back to the webhooks' }).click();
    await browser.page.getByText('Change the URL or events').click();
    const edit = browser.page.locator('form[id^="edit-"]');
    await edit.getByRole('checkbox', { name: 'order.created' }).uncheck();
    await edit.getByRole('checkbox', { name: 'order.updated' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await browser.page.locator('[id$="-events-error"]').waitFor();
    await browser.page.locator('form[id^="edit-"]').getByRole('checkbox', { name: 'link.created' }).check();
    await browser.page.locator('form[id^="edit-"]').getByRole('button', { name: 'Save' }).click();
    await browser.page.getByText('Endpoint saved.').waitFor();
    expect(await browser.page.locator('.endpoint .hint').first().textContent()).toContain('Events: link.created.');

    await browser.page.getByRole('button', { name: `Disable ${hookUrl}` }).click();
    await browser.page.getByText(`${hookUrl} disabled.`).waitFor();
    expect(await browser.page.locator('.endpoint .badge').textContent()).toBe('disabled');
    await browser.page.getByRole('button', { name: `Enable ${hookUrl}` }).click();
    await browser.page.getByText(`${hookUrl} enabled.`).waitFor();

    await browser.page.getByRole('button', { name: `Delete ${hookUrl}` }).click();
    await browser.confirm('Delete this endpoint?', 'Delete the endpoint');
    await browser.page.getByText('Endpoint deleted.').waitFor();
    await browser.page.getByText('No webhook endpoint yet').waitFor();
    expect(browser.problems).toEqual([]);
  });
});
