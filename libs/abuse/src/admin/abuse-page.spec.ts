import { escapeHtml, renderAbusePage } from './abuse-page';

const XSS = '<script>alert("x")</script>';

describe('the abuse page', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml({ ua: XSS })).toBe(
      '{&quot;ua&quot;:&quot;&lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt;&quot;}',
    );
  });

  it('renders values from events, bans and filters escaped, with no script at all', () => {
    const html = renderAbusePage({
      filter: { ip: XSS, type: 'auth_failed', from: '"><img src=x onerror=alert(1)>' },
      bans: [
        {
          id: '1',
          ip: XSS,
          level: 0,
          duration_seconds: 900,
          failures: 10,
          banned_at: '2026-01-01T00:00:00.000Z',
          expires_at: '2026-01-01T00:15:00.000Z',
          lifted_at: null,
          lifted_by: null,
          active: true,
        },
      ],
      events: [
        {
          id: '9',
          type: 'auth_failed',
          ip: XSS,
          member_id: null,
          key_preview: XSS,
          detail: { user_agent: XSS },
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ],
      nextCursor: '9',
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<option value="auth_failed" selected>');
    expect(html).toContain('cursor=9');
  });
});
