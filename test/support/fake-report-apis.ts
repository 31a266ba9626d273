import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Shopee conversion as `conversionReport` returns it (one order of one item, for the tests). */
export interface FakeConversion {
  purchaseTime: number;
  conversionId: string;
  orderId: string;
  itemId: string;
  utmContent: string;
  /** `PENDING`, `COMPLETED`, `CANCELLED`, `UNPAID` (or another word, to see what the pull makes of it). */
  status: string;
  /** `TO_BE_COMPLETED`, `COMPLETED`, `CANCEL` (or another word). */
  itemStatus: string;
  amount: string;
  commission: string;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A fake API on a free port of 127.0.0.1, its `url` the address and `path`, until `stop()`. */
abstract class FakeApi {
  private server: Server | null = null;
  url = '';

  constructor(private readonly path: string) {}

  protected abstract handle(req: IncomingMessage, res: ServerResponse): unknown;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.path}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }
}

/**
 * Shopee's Affiliate Open API `conversionReport`, as documented, quirks included, on 127.0.0.1: the request signed
 * with `SHA256 Credential=…, Timestamp=…, Signature=sha256(appId + timestamp + body + secret)` (10020 otherwise),
 * rows newest first, at most 500 a page, `scrollId` valid `scrollTtlMs` and usable once, a fresh query (no
 * scrollId) refused with 10030 within `queryGapMs` of the previous one, 10030 after `rateLimitCalls` calls,
 * 10035 for an app without Open API access, HTTP 200 for every answer. `dropOnCall` cuts the connection of that call.
 * The gap is counted from the answer to the previous fresh query, sent `freshAnswerDelayMs` after it came in;
 * `endExclusive` makes `purchaseTimeEnd` exclude its own second (the API does not say which it does).
 */
export class FakeShopeeReports extends FakeApi {
  conversions: FakeConversion[] = [];
  readonly apps = new Map<string, string>();
  readonly noAccess = new Set<string>();
  scrollTtlMs = 30_000;
  queryGapMs = 0;
  freshAnswerDelayMs = 0;
  endExclusive = false;
  rateLimitCalls = Infinity;
  dropOnCall = 0;
  calls = 0;
  freshQueries = 0;
  /** The answer to each app's last fresh query (Shopee counts the gap per app). */
  private readonly lastFresh = new Map<string, number>();
  private readonly scrolls = new Map<string, { rows: FakeConversion[]; at: number }>();

  constructor() {
    super('/graphql');
  }

  /** Forgets every scrollId handed out (as if 30 s had passed). */
  expireScrolls(): void {
    for (const scroll of this.scrolls.values()) scroll.at = 0;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await bodyOf(req);
    this.calls += 1;
    if (this.calls === this.dropOnCall) {
      req.socket.destroy();
      return;
    }
    const error = (code: number, message: string) =>
      json(res, 200, { errors: [{ message, extensions: { code, message } }] });
    const auth = /^SHA256 Credential=([^,]+), Timestamp=(\d+), Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
    if (!auth) return error(10020, 'Invalid Authorization Header');
    const [, appId, timestamp, signature] = auth;
    const secret = this.apps.get(appId);
    const expected = secret && createHash('sha256').update(`${appId}${timestamp}${body}${secret}`).digest('hex');
    if (!secret || expected !== signature) return error(10020, 'Invalid Signature');
    if (Math.abs(Number(timestamp) - Date.now() / 1000) > 600) return error(10020, 'Request Expired');
    if (this.noAccess.has(appId)) return error(10035, 'no access to the Open API platform');
    if (this.calls > this.rateLimitCalls) return error(10030, 'Rate limit exceeded');
    const { variables } = JSON.parse(body) as {
      variables: { purchaseTimeStart: number; purchaseTimeEnd: number; limit: number; scrollId?: string };
    };
    const limit = Math.min(variables.limit ?? 500, 500);
    let rows: FakeConversion[];
    if (variables.scrollId) {
      const scroll = this.scrolls.get(variables.scrollId);
      this.scrolls.delete(variables.scrollId);
      if (!scroll || Date.now() - scroll.at > this.scrollTtlMs) return error(11001, 'Params Error : scrollId expired');
      rows = scroll.rows;
    } else {
      if (Date.now() - (this.lastFresh.get(appId) ?? 0) < this.queryGapMs) return error(10030, 'traffic limiting');
      this.freshQueries += 1;
      const end = variables.purchaseTimeEnd;
      rows = this.conversions
        .filter(
          (c) =>
            c.purchaseTime >= variables.purchaseTimeStart &&
            (this.endExclusive ? c.purchaseTime < end : c.purchaseTime <= end),
        )
        .sort((a, b) => b.purchaseTime - a.purchaseTime);
      if (this.freshAnswerDelayMs > 0) await new Promise((done) => setTimeout(done, this.freshAnswerDelayMs));
      this.lastFresh.set(appId, Date.now());
    }
    const page = rows.slice(0, limit);
    const rest = rows.slice(limit);
    let scrollId = '';
    if (rest.length > 0) {
      scrollId = randomBytes(8).toString('hex');
      this.scrolls.set(scrollId, { rows: rest, at: Date.now() });
    }
    json(res, 200, {
      data: {
        conversionReport: {
          nodes: page.map((c) => ({
            purchaseTime: c.purchaseTime,
            clickTime: c.purchaseTime - 60,
            conversionId: c.conversionId,
            utmContent: c.utmContent,
            totalCommission: c.commission,
            netCommission: c.commission,
            orders: [
              {
                orderId: c.orderId,
                orderStatus: c.status,
                items: [
                  {
                    shopId: 111,
                    shopName: 'Shop Một',
                    completeTime: c.status === 'COMPLETED' ? c.purchaseTime + 86_400 : 0,
                    itemId: c.itemId,
                    itemName: 'Áo thun',
                    actualAmount: c.amount,
                    qty: 1,
                    modelId: 7,
                    itemTotalCommission: c.commission,
                    displayItemStatus: c.itemStatus,
                  },
                ],
              },
            ],
          })),
          pageInfo: { limit, hasNextPage: rest.length > 0, scrollId },
        },
      },
    });
  }
}

/**
 * Lazada's `GET /marketing/conversion/report`: signed (HMAC-SHA256 of path + sorted parameters, uppercase hex),
 * a range inside one calendar month only, `limit` at most 100, `page` from 1, rows in `result.data`; errors as
 * `{code, message}` (`IllegalAccessToken`, `ApiCallLimit`). The next `unavailableCalls` calls answer HTTP 503.
 */
export class FakeLazadaReports extends FakeApi {
  rows: Array<Record<string, string>> = [];
  unavailableCalls = 0;
  /** Each answer waits this long before its headers (a large page). */
  answerDelayMs = 0;
  readonly apps = new Map<string, { secret: string; token: string }>();
  readonly ranges: string[] = [];
  calls = 0;

  constructor() {
    super('/rest');
  }

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    if (this.answerDelayMs > 0) {
      setTimeout(() => this.answer(req, res), this.answerDelayMs);
      return;
    }
    this.answer(req, res);
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    this.calls += 1;
    if (this.unavailableCalls > 0) {
      this.unavailableCalls -= 1;
      return json(res, 503, { message: 'Service busy' });
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const params = Object.fromEntries(url.searchParams.entries());
    const path = url.pathname.replace(/^\/rest/, '');
    const app = this.apps.get(params.app_key ?? '');
    const text =
      path +
      Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}${params[k]}`)
        .join('');
    if (!app || createHmac('sha256', app.secret).update(text).digest('hex').toUpperCase() !== params.sign) {
      return json(res, 200, {
        code: 'IncompleteSignature',
        message: 'The request signature does not conform to platform standards',
      });
    }
    if (params.userToken !== app.token)
      return json(res, 200, { code: 'IllegalAccessToken', message: 'The specified access token is invalid' });
    const { dateStart, dateEnd } = params;
    if (!dateStart || !dateEnd || dateStart.slice(0, 7) !== dateEnd.slice(0, 7)) {
      return json(res, 200, { code: 'InvalidParameter', message: 'dateStart and dateEnd must be in one month' });
    }
    const limit = Number(params.limit);
    if (!(limit >= 1 && limit <= 100)) return json(res, 200, { code: 'InvalidParameter', message: 'limit' });
    this.ranges.push(`${dateStart}..${dateEnd}#${params.page}`);
    const inRange = this.rows.filter(
      (r) => r.conversionTime.slice(0, 10) >= dateStart && r.conversionTime.slice(0, 10) <= dateEnd,
    );
    const page = Number(params.page);
    json(res, 200, { code: '0', result: { data: inRange.slice((page - 1) * limit, page * limit) } });
  }
}
