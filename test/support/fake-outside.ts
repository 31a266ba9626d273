/**
 * Fake outside services for tests and benchmarks: one plain-HTTP server on 127.0.0.1 per provider, each
 * speaking its documented protocol (the providers' public API documentation): TinyURL (api-create.php
 * and API v2), is.gd, v.gd, Bitly v4, Cutt.ly, the Shopee Affiliate Open API (signature checked) and Lazada
 * `marketing/getlink` (signature checked), the latter two also for product details (Shopee `productOfferV2`, Lazada's
 * getlink answer with `regularCommission` and product info). Each can be told to answer one of its documented errors, for every
 * link or only for links containing a marker, to be slow, to hang, to reset connections, or be stopped.
 *
 * `startFakeOutside()` returns the servers and the `env` that points the service at them.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Credentials the fakes accept: long and distinctive, so a leak in a response or a log is easy to find. */
export const FAKE_CREDENTIALS = {
  tinyurlToken: 'tinyurlTokenZZ0123456789abcdefTINY',
  bitlyToken: 'bitlyTokenQQ0123456789abcdefBITLY',
  cuttlyKey: 'cuttlyKeyWW0123456789abcdefCUTTLY',
  shopeeAppId: '17301234567',
  shopeeSecret: 'shopeeSecretXX0123456789abcdefSHOPEE',
  lazadaAppKey: '105999',
  lazadaAppSecret: 'lazadaSecretYY0123456789abcdefLAZADA',
  lazadaUserToken: 'lazadaUserTokenVV0123456789abcdefLZ',
};

/** The marketplace APIs' credentials above as a member saves them (the `secrets` of the member's settings). */
export const FAKE_MARKETPLACE_SECRETS = {
  shopee_app_id: FAKE_CREDENTIALS.shopeeAppId,
  shopee_app_secret: FAKE_CREDENTIALS.shopeeSecret,
  lazada_app_key: FAKE_CREDENTIALS.lazadaAppKey,
  lazada_app_secret: FAKE_CREDENTIALS.lazadaAppSecret,
  lazada_user_token: FAKE_CREDENTIALS.lazadaUserToken,
};

/** Behaviours every fake knows; each provider adds its documented error shapes. */
export type CommonBehaviour = 'ok' | 'hang' | 'reset' | 'server_error';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The long URL / product URL the request was about. */
  target: string | null;
  /** The HTTP status the fake answered, once it has (null: not yet, hung or reset). */
  status: number | null;
}

interface Answer {
  status: number;
  body: unknown;
  contentType?: string;
}

type Reply = (target: string | null, behaviour: string, req: RecordedRequest) => Answer | 'hang' | 'reset';

/** One fake provider. */
export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  /** Answer for links without a matching rule. */
  behaviour = 'ok';
  /** Delay before answering, in ms (a slow provider). */
  delayMs = 0;
  /** Delay of the answers to links whose behaviour is `slow` (then answered as `ok`). */
  slowMs = 2000;
  inFlight = 0;
  maxInFlight = 0;
  private rules: Array<{ marker: string; behaviour: string }> = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private port = 0;
  private counter = 0;

  constructor(
    readonly name: string,
    private readonly targetOf: (req: RecordedRequest) => string | null,
    private readonly reply: Reply,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Links whose URL contains `marker` get `behaviour`. */
  failFor(marker: string, behaviour: string): this {
    this.rules.push({ marker, behaviour });
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.rules = [];
    this.behaviour = 'ok';
    this.delayMs = 0;
    this.slowMs = 2000;
    this.maxInFlight = 0;
  }

  /** The behaviour for one link: the first rule whose marker it contains, else the default. */
  ruleFor(url: string): string {
    return this.rules.find((rule) => url.includes(rule.marker))?.behaviour ?? this.behaviour;
  }

  /** A fresh code for a short link. */
  nextCode(): string {
    this.counter++;
    return `fk${this.name.replace(/[^a-z]/g, '')}${this.counter}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops every connection: the provider is dead (connection refused) until `start()`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        target: null,
        status: null,
      };
      recorded.target = this.targetOf(recorded);
      this.requests.push(recorded);
      const target = recorded.target ?? '';
      const behaviour = this.ruleFor(target);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      let done = false;
      const finish = () => {
        if (!done) {
          done = true;
          this.inFlight--;
        }
      };
      res.on('close', finish);
      const answer = () => {
        if (behaviour === 'hang') return;
        if (behaviour === 'reset') {
          req.socket.destroy();
          return;
        }
        if (behaviour === 'server_error') {
          recorded.status = 503;
          res.writeHead(503, { 'Content-Type': 'text/html' }).end('<html>Service Unavailable</html>');
          return;
        }
        const result = this.reply(recorded.target, behaviour, recorded);
        if (result === 'hang') return;
        if (result === 'reset') {
          req.socket.destroy();
          return;
        }
        const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
        recorded.status = result.status;
        res
          .writeHead(result.status, { 'Content-Type': result.contentType ?? 'application/json; charset=utf-8' })
          .end(text);
      };
      const delay = behaviour === 'slow' ? this.slowMs : this.delayMs;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  }
}

const json = (status: number, body: unknown): Answer => ({ status, body });

function tinyUrlLegacy(): FakeProvider {
  const fake: FakeProvider = new FakeProvider(
    'tinyurl',
    (req) => req.query.get('url'),
    (target, behaviour, req) => {
      if (req.path !== '/api-create.php' || !target) return { status: 400, body: 'Error', contentType: 'text/plain' };
      if (behaviour === 'invalid') return { status: 400, body: 'Error', contentType: 'text/plain' };
      return { status: 200, body: `https://tinyurl.com/${fake.nextCode()}`, contentType: 'text/plain' };
    },
  );
  return fake;
}

function tinyUrlApi(): FakeProvider {
  const fake: FakeProvider = new FakeProvider(
    'tinyurlapi',
    (req) => (parse(req.body) as { url?: string } | null)?.url ?? null,
    (target, behaviour, req) => {
      if (req.headers.authorization !== `Bearer ${FAKE_CREDENTIALS.tinyurlToken}`) {
        return json(401, { data: [], code: 1, errors: ['Unauthenticated.'] });
      }
      if (req.path !== '/create' || req.method !== 'POST')
        return json(404, { data: [], code: 4, errors: ['Not found'] });
      if (!target || behaviour === 'invalid') return json(422, { data: [], code: 5, errors: ['The url is invalid.'] });
      if (behaviour === 'alias_taken') return json(422, { data: [], code: 5, errors: ['Alias is not available.'] });
      if (behaviour === 'rate_limited') return json(429, { data: [], code: 429, errors: ['Too Many Requests'] });
      const alias = fake.nextCode();
      return json(200, {
        data: {
          domain: 'tinyurl.com',
          alias,
          deleted: false,
          archived: false,
          tags: [],
          tiny_url: `https://tinyurl.com/${alias}`,
          url: target,
        },
        code: 0,
        errors: [],
      });
    },
  );
  return fake;
}

/**
 * is.gd and v.gd: `create.php?format=json&url=` → `{shorturl}` or `{errorcode, errormessage}`, with HTTP 400, 502
 * or 503; a behaviour ending in `:200` (`rate_limited:200`) answers the same error body with HTTP 200.
 */
function isGd(name: 'isgd' | 'vgd', host: string): FakeProvider {
  const fake: FakeProvider = new FakeProvider(
    name,
    (req) => req.query.get('url'),
    (target, behaviour, req) => {
      if (req.path !== '/create.php' || req.query.get('format') !== 'json') {
        return { status: 400, body: 'Error: Please specify a URL to shorten.', contentType: 'text/plain' };
      }
      const [kind, forcedStatus] = behaviour.split(':');
      const error = (code: number, message: string, status: number) =>
        json(forcedStatus ? Number(forcedStatus) : status, { errorcode: code, errormessage: message });
      if (!target || kind === 'invalid') return error(1, 'Please specify a valid URL to shorten.', 400);
      if (kind === 'bad_shorturl') return error(2, 'Short URLs must be at least 5 characters long', 400);
      if (kind === 'rate_limited')
        return error(3, 'Rate limit exceeded - please wait 1 minute before trying again', 502);
      if (kind === 'maintenance') return error(4, 'Error, database insert failed', 503);
      return json(200, { shorturl: `https://${host}/${fake.nextCode()}` });
    },
  );
  return fake;
}

function bitlyFake(): FakeProvider {
  const links = new Map<string, string>();
  const fake: FakeProvider = new FakeProvider(
    'bitly',
    (req) => (parse(req.body) as { long_url?: string } | null)?.long_url ?? null,
    (target, behaviour, req) => {
      if (req.headers.authorization !== `Bearer ${FAKE_CREDENTIALS.bitlyToken}`) {
        return json(403, {
          message: 'FORBIDDEN',
          resource: 'bitlinks',
          description: 'You are currently forbidden to access this resource.',
        });
      }
      if (req.path !== '/v4/shorten' || req.method !== 'POST') return json(404, { message: 'NOT_FOUND' });
      if (behaviour === 'rate_limited') {
        return json(429, {
          message: 'MONTHLY_ENCODE_LIMIT_REACHED',
          resource: 'bitlinks',
          description: 'You have reached your monthly limit.',
        });
      }
      if (!target || behaviour === 'invalid') {
        return json(400, {
          message: 'INVALID_ARG_LONG_URL',
          resource: 'bitlinks',
          description: 'The value provided is invalid.',
          errors: [{ field: 'long_url', error_code: 'invalid' }],
        });
      }
      if (behaviour === 'already_bitly')
        return json(400, { message: 'ALREADY_A_BITLY_LINK', resource: 'bitlinks', description: 'x' });
      const existing = links.get(target);
      const link = existing ?? `https://bit.ly/${fake.nextCode()}`;
      links.set(target, link);
      return json(existing ? 200 : 201, {
        link,
        id: link.replace('https://', ''),
        long_url: target,
        created_at: new Date().toISOString(),
        references: {},
      });
    },
  );
  return fake;
}

function cuttlyFake(): FakeProvider {
  const fake: FakeProvider = new FakeProvider(
    'cuttly',
    (req) => req.query.get('short'),
    (target, behaviour, req) => {
      if (req.path !== '/api/api.php') return json(404, { error: 'not found' });
      if (behaviour === 'unauthorized') return json(401, { auth: false });
      if (req.query.get('key') !== FAKE_CREDENTIALS.cuttlyKey) return json(200, { url: { status: 4 } });
      if (behaviour === 'rate_limited') return json(429, { url: { status: 0 } });
      const status: Record<string, number> = {
        already_cuttly: 1,
        invalid: 2,
        alias_taken: 3,
        invalid_chars: 5,
        blocked: 6,
        plan_limit: 8,
      };
      if (!target) return json(200, { url: { status: 2 } });
      if (status[behaviour]) return json(200, { url: { status: status[behaviour] } });
      return json(200, {
        url: {
          status: 7,
          fullLink: target,
          date: '2026-11-23',
          shortLink: `https://cutt.ly/${fake.nextCode()}`,
          title: 'Shopee',
        },
      });
    },
  );
  return fake;
}

const SHOPEE_ERRORS: Record<string, [number, string]> = {
  system_error: [10000, 'System error'],
  parse_error: [10010, 'Request parsing error'],
  auth_error: [10020, 'Invalid Signature'],
  rate_limited: [10030, 'Rate limit exceeded'],
  access_deny: [10031, 'access deny'],
  invalid_affiliate: [10032, 'invalid affiliate id'],
  frozen: [10033, 'account is frozen'],
  blacklisted: [10034, 'affiliate id in black list'],
  no_access: [10035, 'You do not have access to the Open API platform'],
  business_error: [11000, 'Business Error'],
  params_error: [11001, 'Params Error : originUrl is invalid'],
  bind_error: [11002, 'Bind Account Error : not bound'],
};

/** A product of the fake Shopee catalogue: what `productOfferV2` answers for a shop and item id. */
export function fakeShopeeProduct(shopId: string, itemId: string): Record<string, unknown> {
  const price = (Number(itemId.slice(-3)) + 1) * 1000;
  return {
    itemId: Number(itemId),
    productName: `Sản phẩm thử ${itemId}`,
    imageUrl: `https://cf.shopee.vn/file/fake-${itemId}`,
    priceMin: String(price),
    priceMax: String(price * 2),
    commissionRate: '0.1234',
    sellerCommissionRate: '0.1',
    shopeeCommissionRate: '0.0234',
    commission: String((price * 1234) / 10000),
    sales: 1520,
    ratingStar: '4.8',
    shopId: Number(shopId),
    shopName: `Shop ${shopId}`,
    periodStartTime: 1_790_000_000,
    periodEndTime: 1_800_000_000,
    productLink: `https://shopee.vn/product/${shopId}/${itemId}`,
    offerLink: `https://s.shopee.vn/fake${itemId}`,
  };
}

/** The shop and item of a `productOfferV2(shopId: …, itemId: …)` query. */
const PRODUCT_OFFER = /productOfferV2\(shopId: (\d+), itemId: (\d+)/;

/**
 * Shopee Affiliate Open API: `POST /<region>/graphql`, signature and timestamp checked, errors as documented;
 * `generateShortLink` and `productOfferV2` (by shop and item id; its target reads `…/product/<shop>/<item>`, and
 * behaviour `not_found` answers an empty `nodes` list).
 */
function shopeeFake(): FakeProvider {
  const error = (code: number, message: string, path = 'generateShortLink'): Answer =>
    json(200, { data: null, errors: [{ message, path: [path], extensions: { code, message } }] });
  const fake: FakeProvider = new FakeProvider(
    'shopee',
    (req) => {
      const body = parse(req.body) as { query?: string; variables?: { originUrl?: string } } | null;
      const offer = PRODUCT_OFFER.exec(body?.query ?? '');
      if (offer) return `https://shopee.vn/product/${offer[1]}/${offer[2]}`;
      return body?.variables?.originUrl ?? null;
    },
    (target, behaviour, req) => {
      const region = /^\/([a-z.]+)\/graphql$/.exec(req.path)?.[1];
      if (!region || req.method !== 'POST') return json(404, 'Not Found');
      const auth = /^SHA256 Credential=([^,]+), Timestamp=(\d+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
      if (!auth) return error(10020, 'Invalid Authorization Header');
      const [, appId, timestamp, signature] = auth;
      if (appId !== FAKE_CREDENTIALS.shopeeAppId) return error(10020, 'Invalid Credential');
      const expected = createHash('sha256')
        .update(`${appId}${timestamp}${req.body}${FAKE_CREDENTIALS.shopeeSecret}`)
        .digest('hex');
      if (signature !== expected) return error(10020, 'Invalid Signature');
      if (Math.abs(Number(timestamp) - Date.now() / 1000) > 600) return error(10020, 'Request Expired');
      const body = parse(req.body) as { query?: string; variables?: { subIds?: unknown } } | null;
      const offer = PRODUCT_OFFER.exec(body?.query ?? '');
      if (offer) {
        const known = SHOPEE_ERRORS[behaviour];
        if (known) return error(known[0], known[1], 'productOfferV2');
        const nodes = behaviour === 'not_found' ? [] : [fakeShopeeProduct(offer[1], offer[2])];
        return json(200, { data: { productOfferV2: { nodes, pageInfo: { page: 1, limit: 1, hasNextPage: false } } } });
      }
      if (!body?.query?.includes('generateShortLink') || !target) return error(10010, 'Request parsing error');
      const known = SHOPEE_ERRORS[behaviour];
      if (known) return error(...known);
      return json(200, { data: { generateShortLink: { shortLink: `https://s.shopee.${region}/${fake.nextCode()}` } } });
    },
  );
  return fake;
}

/** Lazada Open Platform `GET /<region>/rest/marketing/getlink`, signature checked. */
function lazadaFake(): FakeProvider {
  const envelope = (code: string, message: string): Answer =>
    json(200, { type: 'ISV', code, message, request_id: '0b1234' });
  const fake: FakeProvider = new FakeProvider(
    'lazada',
    (req) => req.query.get('inputValue'),
    (target, behaviour, req) => {
      const region = /^\/([a-z.]+)\/rest\/marketing\/getlink$/.exec(req.path)?.[1];
      if (!region)
        return json(404, { type: 'ISP', code: 'InvalidApiPath', message: 'The specified API path is invalid' });
      const params = Object.fromEntries(req.query);
      const text =
        '/marketing/getlink' +
        Object.keys(params)
          .filter((key) => key !== 'sign')
          .sort()
          .map((key) => `${key}${params[key]}`)
          .join('');
      const sign = createHmac('sha256', FAKE_CREDENTIALS.lazadaAppSecret).update(text).digest('hex').toUpperCase();
      if (params.app_key !== FAKE_CREDENTIALS.lazadaAppKey || params.sign !== sign) {
        return envelope('IncompleteSignature', 'The request signature does not conform to platform standards');
      }
      if (params.userToken !== FAKE_CREDENTIALS.lazadaUserToken)
        return envelope('IllegalAccessToken', 'The specified access token is invalid or expired');
      if (behaviour === 'rate_limited') return envelope('ApiCallLimit', 'The request has exceeded the api limit');
      if (behaviour === 'system_error')
        return envelope('InternalError', 'The request processing has failed due to some unknown error');
      const urls = (target ?? '').split(',').filter(Boolean);
      const list: unknown[] = [];
      const errors: unknown[] = [];
      for (const url of urls) {
        if (fake.ruleFor(url) === 'not_found')
          errors.push({ inputValue: url, errorCode: '2001', errorMsg: 'product not found' });
        else
          list.push({
            originalUrl: url,
            productId: '1',
            regularPromotionLink: `https://c.lazada.${region}/t/c.${fake.nextCode()}`,
            regularCommission: '5%',
            productName: `Lazada thử ${/-i(\d+)/.exec(url)?.[1] ?? '1'}`,
            pictures: ['https://img.lazcdn.com/g/p/fake.jpg'],
            discountPrice: '259000',
            sellerName: 'LazMall Fake',
            ratingScore: '4.6',
            sales: 87,
          });
      }
      return json(200, {
        code: '0',
        request_id: '0b5678',
        result: { data: { urlBatchGetLinkInfoList: list, errorInfoList: errors }, success: true },
      });
    },
  );
  return fake;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface FakeOutside {
  tinyurl: FakeProvider;
  tinyurlApi: FakeProvider;
  isgd: FakeProvider;
  vgd: FakeProvider;
  bitly: FakeProvider;
  cuttly: FakeProvider;
  shopee: FakeProvider;
  lazada: FakeProvider;
  /** The settings that point the service at these fakes. */
  env: Record<string, string>;
  all(): FakeProvider[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeOutside(): Promise<FakeOutside> {
  const fake = fakeOutside();
  await fake.start();
  return fake;
}

/**
 * The fakes of a describe block, started in its `beforeAll` (declare it before the hooks that read `fake.env`);
 * close them with the app: `t.afterClose(() => fake.close())`.
 */
export function fakeOutsideForSuite(): FakeOutside {
  const fake = fakeOutside();
  beforeAll(() => fake.start());
  return fake;
}

/** The fakes, not listening yet: `start()` them. */
function fakeOutside(): FakeOutside & { start(): Promise<void> } {
  const fakes = {
    tinyurl: tinyUrlLegacy(),
    tinyurlApi: tinyUrlApi(),
    isgd: isGd('isgd', 'is.gd'),
    vgd: isGd('vgd', 'v.gd'),
    bitly: bitlyFake(),
    cuttly: cuttlyFake(),
    shopee: shopeeFake(),
    lazada: lazadaFake(),
  };
  const all = Object.values(fakes);
  return {
    ...fakes,
    get env() {
      return {
        TINYURL_BASE_URL: fakes.tinyurl.baseUrl,
        TINYURL_API_BASE_URL: fakes.tinyurlApi.baseUrl,
        ISGD_BASE_URL: fakes.isgd.baseUrl,
        VGD_BASE_URL: fakes.vgd.baseUrl,
        BITLY_BASE_URL: fakes.bitly.baseUrl,
        CUTTLY_BASE_URL: fakes.cuttly.baseUrl,
        SHOPEE_OPEN_API_URL: `${fakes.shopee.baseUrl}/{region}/graphql`,
        LAZADA_API_URL: `${fakes.lazada.baseUrl}/{region}/rest`,
      };
    },
    async start() {
      await Promise.all(all.map((fake) => fake.start()));
    },
    all: () => all,
    reset: () => all.forEach((fake) => fake.reset()),
    close: async () => {
      await Promise.all(all.map((fake) => fake.stop()));
    },
  };
}
