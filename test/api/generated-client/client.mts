// A partner's program written against the client generated from /docs/openapi.json (openapi-typescript +
// openapi-fetch), as the README's quickstart would have them write it. `generated-client.e2e-spec.ts` generates
// `./api.ts` beside a copy of this file, compiles both with `tsc --strict` and runs the result against a booted app:
// a change of the document that breaks such a client fails that test. It prints what it saw as one JSON line.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api.js';

type ErrorCode = components['schemas']['ErrorCode'];
type ErrorResponse = components['schemas']['ErrorResponseDto'];

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const baseUrl = env('BASE_URL');

/** The answer of a call, success or error, narrowed by the caller on `ok`. */
function body<T extends { ok: true }>(result: { data?: T; error?: ErrorResponse }): T | ErrorResponse {
  const answer = result.data ?? result.error;
  if (!answer) throw new Error('no JSON answer');
  return answer;
}

function expectOk<T extends { ok: true }>(result: { data?: T; error?: ErrorResponse }): T {
  const answer = body(result);
  if (!answer.ok) throw new Error(`unexpected error ${answer.error.code}: ${answer.error.message}`);
  return answer;
}

// The API key and token, set once for every call of this client.
const api = createClient<paths>({
  baseUrl,
  headers: { 'X-API-Key': env('API_KEY'), 'X-API-Token': env('API_TOKEN') },
});

const converted = body(
  await api.POST('/api/convert', {
    body: { content: `Deal ${env('PRODUCT_URL')} giảm 50%`, mode: 'own_shortener', affiliate_id: 'aff_client' },
  }),
);
const convert = converted.ok
  ? { ok: true, mode: converted.mode, success: converted.summary.success, output: converted.output }
  : { ok: false, code: converted.error.code };

const limits = expectOk(await api.GET('/api/limits'));

// Product details of one link (getProduct): this member saved no marketplace credentials, so the error answer.
const product = body(await api.GET('/api/products', { params: { query: { url: env('PRODUCT_URL') } } }));
const productSeen = product.ok
  ? { ok: true, rate: product.product.commission_rate, earn: product.product.estimated_commission }
  : { ok: false, code: product.error.code };

// Wrong credentials: the error answer, narrowed on `ok`, with its code from the server's enum.
const stranger = createClient<paths>({ baseUrl, headers: { 'X-API-Key': 'sk_wrong', 'X-API-Token': 'tok_wrong' } });
const refused = body(await stranger.GET('/api/limits'));
const refusedCode: ErrorCode | null = refused.ok ? null : refused.error.code;

// The account area: a session cookie kept by a middleware, the CSRF token sent with each change.
const cookies = new Map<string, string>();
const cookieJar: Middleware = {
  onRequest({ request }) {
    if (cookies.size > 0) request.headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    return request;
  },
  onResponse({ response }) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  },
};
const account = createClient<paths>({ baseUrl });
account.use(cookieJar);
const preLogin = expectOk(await account.GET('/account/csrf'));
const login = expectOk(
  await account.POST('/account/login', {
    params: { header: { 'X-CSRF-Token': preLogin.csrf_token } },
    body: { email: env('EMAIL'), password: env('PASSWORD') },
  }),
);
const csrf = { header: { 'X-CSRF-Token': login.csrf_token } };
const saved = expectOk(
  await account.PATCH('/account/settings', {
    params: csrf,
    body: { affiliate_id: 'aff_saved', lazada_master_code: 'c.YParqP', bitly_token: 'bitly-secret-token-1234' },
  }),
);
const overview = expectOk(await account.GET('/account'));
const shortLinks = expectOk(await account.GET('/account/short-links', { params: { query: { per_page: 10 } } }));
const clicks = expectOk(await account.GET('/account/short-links/clicks', { params: { query: { days: 7 } } }));

// A key per integration, only for webhooks, made with an Idempotency-Key: the retry replays the same pair.
const keyRequest = {
  params: { header: { ...csrf.header, 'Idempotency-Key': 'client-key-1' } },
  body: { name: 'Webhook sync', scopes: ['webhooks:write' as const] },
};
const made = await account.POST('/account/keys', keyRequest);
const madeAgain = await account.POST('/account/keys', keyRequest);
const scopedKey = expectOk(made);
const keyReplayed =
  madeAgain.response.headers.get('Idempotent-Replayed') === 'true' && expectOk(madeAgain).api_key === scopedKey.api_key;
const scoped = createClient<paths>({
  baseUrl,
  headers: { 'X-API-Key': scopedKey.api_key, 'X-API-Token': scopedKey.api_token },
});

// Outside its scope: 403 insufficient_scope, naming the scope.
const outside = body(await scoped.POST('/api/convert', { body: { content: env('PRODUCT_URL'), mode: 'link_goc' } }));
const outsideSeen = outside.ok ? { ok: true } : { ok: false, code: outside.error.code, message: outside.error.message };

// Within it: a webhook endpoint (the secret once; the same Idempotency-Key replays it), a test event, the log.
const endpointRequest = {
  params: { header: { 'Idempotency-Key': 'client-endpoint-1' } },
  body: { url: env('HOOK_URL'), events: ['order.created' as const, 'order.updated' as const] },
};
const created = expectOk(await scoped.POST('/api/webhooks/endpoints', endpointRequest));
const createdAgain = await scoped.POST('/api/webhooks/endpoints', endpointRequest);
const endpointReplayed =
  createdAgain.response.headers.get('Idempotent-Replayed') === 'true' &&
  expectOk(createdAgain).endpoint.id === created.endpoint.id;
const endpointPath = { params: { path: { id: created.endpoint.id } } };
const tested = expectOk(await scoped.POST('/api/webhooks/endpoints/{id}/test', endpointPath));
const endpoints = expectOk(await scoped.GET('/api/webhooks/endpoints'));
const deliveries = expectOk(
  await scoped.GET('/api/webhooks/endpoints/{id}/deliveries', {
    params: { path: { id: created.endpoint.id }, query: { per_page: 10 } },
  }),
);

console.log(
  JSON.stringify({
    scopedKey: { scopes: scopedKey.key.scopes, replayed: keyReplayed },
    outside: outsideSeen,
    webhook: {
      secretShape: /^whsec_/.test(created.secret),
      replayed: endpointReplayed,
      endpoints: endpoints.endpoints.length,
      events: created.endpoint.events,
      testDelivery: deliveries.deliveries.find((d) => d.id === tested.delivery_id)?.event ?? null,
      total: deliveries.total,
    },
    convert,
    limits: limits.limits.map((limit) => ({ name: limit.name, limit: limit.limit })),
    refusedCode,
    product: productSeen,
    settings: {
      affiliate_id: saved.settings.affiliate_id,
      lazada_master_code: saved.settings.marketplace.lazada_master_code,
      bitly_set: saved.settings.secrets.bitly_token.set,
    },
    email: overview.member.email,
    shortLinks: { total: shortLinks.total, targets: shortLinks.short_links.map((link) => link.target) },
    clickDays: clicks.days.length,
  }),
);
