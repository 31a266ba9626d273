import { createHash, createHmac } from 'node:crypto';
import type { OutboundResponse } from '../http/outbound-http';
import {
  LAZADA_REPORT_PAGE_LIMIT,
  lazadaConversionReportRequest,
  parseLazadaConversionReport,
} from './lazada-conversion-report';
import {
  parseShopeeConversionReport,
  REPORT_MAX_BODY_BYTES,
  shopeeConversionReportRequest,
} from './shopee-conversion-report';

const answer = (status: number, body: unknown): OutboundResponse => ({
  status,
  contentType: 'application/json',
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('Shopee conversionReport', () => {
  it('signs the exact body it sends, 500 rows a page, and reads more than a link answer', () => {
    const request = shopeeConversionReportRequest(
      'http://127.0.0.1:1/graphql',
      { appId: '998877', secret: 'app-secret' },
      { purchaseTimeStart: 100, purchaseTimeEnd: 200, scrollId: 'abc' },
      1700000000,
    );
    const body = JSON.parse(request.body!);
    expect(body.operationName).toBe('conversionReport');
    expect(body.variables).toEqual({ purchaseTimeStart: 100, purchaseTimeEnd: 200, scrollId: 'abc', limit: 500 });
    const signature = createHash('sha256').update(`9988771700000000${request.body}app-secret`).digest('hex');
    expect(request.headers!.authorization).toBe(
      `SHA256 Credential=998877, Timestamp=1700000000, Signature=${signature}`,
    );
    expect(request.maxBodyBytes).toBe(REPORT_MAX_BODY_BYTES);
  });

  it('answers a page, or the API error with its code and words for the pull to read', () => {
    const page = parseShopeeConversionReport(
      answer(200, {
        data: { conversionReport: { nodes: [{ conversionId: '1' }], pageInfo: { hasNextPage: true, scrollId: 's1' } } },
      }),
    );
    expect(page).toEqual({
      ok: true,
      value: { page: { nodes: [{ conversionId: '1' }], hasNextPage: true, scrollId: 's1' } },
    });
    const expired = parseShopeeConversionReport(
      answer(200, {
        errors: [{ message: 'x', extensions: { code: 11001, message: 'Params Error : scrollId expired' } }],
      }),
    );
    expect(expired).toEqual({
      ok: true,
      value: { error: { code: 11001, detail: 'Params Error : scrollId expired' } },
    });
  });

  it('fails the call (for retries and the breaker) on a system error, an HTTP error or an unreadable answer', () => {
    const system = parseShopeeConversionReport(answer(200, { errors: [{ extensions: { code: 10000 } }] }));
    expect(system).toMatchObject({ ok: false, failure: { code: 'upstream_unavailable', unhealthy: true } });
    expect(parseShopeeConversionReport(answer(502, 'bad gateway'))).toMatchObject({
      ok: false,
      failure: { code: 'upstream_unavailable', retryable: true },
    });
    expect(parseShopeeConversionReport(answer(200, '<html>'))).toMatchObject({ ok: false });
    expect(parseShopeeConversionReport(answer(200, { data: { conversionReport: {} } }))).toMatchObject({ ok: false });
  });
});

describe('Lazada conversion report', () => {
  it('signs the path and every parameter, one page of at most 100 rows', () => {
    const request = lazadaConversionReportRequest(
      'http://127.0.0.1:1/rest/',
      { appKey: 'k', appSecret: 's', userToken: 't' },
      { dateStart: '2026-11-01', dateEnd: '2026-11-28' },
      2,
      1700000000000,
    );
    const url = new URL(request.url);
    expect(url.pathname).toBe('/rest/marketing/conversion/report');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ page: '2', limit: String(LAZADA_REPORT_PAGE_LIMIT), dateStart: '2026-11-01' });
    const text =
      '/marketing/conversion/report' +
      Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}${params[k]}`)
        .join('');
    expect(params.sign).toBe(createHmac('sha256', 's').update(text).digest('hex').toUpperCase());
  });

  it("answers rows, or Lazada's error code; a system error or an HTTP error fails the call", () => {
    expect(parseLazadaConversionReport(answer(200, { code: '0', result: { data: [{ orderId: '1' }] } }))).toEqual({
      ok: true,
      value: { rows: [{ orderId: '1' }] },
    });
    expect(parseLazadaConversionReport(answer(200, { code: 'IllegalAccessToken' }))).toEqual({
      ok: true,
      value: { error: { code: 'IllegalAccessToken' } },
    });
    expect(parseLazadaConversionReport(answer(200, { code: 'ServiceUnavailable' }))).toMatchObject({
      ok: false,
      failure: { code: 'upstream_unavailable' },
    });
    expect(parseLazadaConversionReport(answer(503, 'busy'))).toMatchObject({
      ok: false,
      failure: { code: 'upstream_unavailable', retryable: true },
    });
  });
});
