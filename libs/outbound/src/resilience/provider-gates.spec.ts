import { Logger } from '@nestjs/common';
import { Clock } from '@app/common';
import { outboundFailure, type OutboundFailure } from '../outbound-failure';
import type { OutboundOptions } from '../outbound-options';
import { OUTBOUND_PROVIDERS, type OutboundProvider } from '../providers';
import { Attempt, ProviderGates } from './provider-gates';

const MAX_RETRIES = 2;
const THRESHOLD = 4;
const COOLDOWN_MS = 1000;

class MovableClock extends Clock {
  ms = Date.UTC(2026, 0, 1);
  override now(): Date {
    return new Date(this.ms);
  }
}

function gatesWith(clock: Clock, overrides: Partial<OutboundOptions> = {}): ProviderGates {
  const options: OutboundOptions = {
    connectTimeoutMs: 100,
    attemptTimeoutMs: 1000,
    requestBudgetMs: 5000,
    maxRetries: MAX_RETRIES,
    retryBaseMs: 1,
    concurrency: Object.fromEntries(OUTBOUND_PROVIDERS.map((p) => [p, 2])) as Record<OutboundProvider, number>,
    breakerFailureThreshold: THRESHOLD,
    breakerCooldownMs: COOLDOWN_MS,
    cacheTtlMs: 60_000,
    maxBodyBytes: 1024,
    urls: { tinyurl: '', tinyurlApi: '', isgd: '', vgd: '', bitly: '', cuttly: '', shopee: '', lazada: '' },
    tinyurlApiToken: null,
    ...overrides,
  };
  return new ProviderGates(options, clock);
}

/** A call that answers `outcomes` in turn (the last one again once they run out) and counts its calls. */
function scripted(...outcomes: Array<OutboundFailure | 'ok'>) {
  const calls: AbortSignal[] = [];
  const call = (signal: AbortSignal): Promise<Attempt<string>> => {
    const outcome = outcomes[Math.min(calls.length, outcomes.length - 1)];
    calls.push(signal);
    return Promise.resolve(outcome === 'ok' ? { ok: true, value: 'short' } : { ok: false, failure: outcome });
  };
  return { call, calls };
}

const budget = () => new AbortController().signal;
const serverError = outboundFailure.unavailable('is.gd answered with a server error (HTTP 503)');

describe('ProviderGates.run', () => {
  let clock: MovableClock;
  let gates: ProviderGates;

  // The breaker's open/close lines (this file's own module registry: nothing else is silenced).
  beforeAll(() => Logger.overrideLogger(false));
  // No jitter: every backoff waits 0 ms.
  beforeAll(() => jest.spyOn(Math, 'random').mockReturnValue(0));
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => {
    clock = new MovableClock();
    gates = gatesWith(clock);
  });

  it('retries a retryable failure up to OUTBOUND_MAX_RETRIES times, then answers the last failure', async () => {
    const { call, calls } = scripted(serverError);
    const result = await gates.run('isgd', budget(), call);
    expect(calls).toHaveLength(MAX_RETRIES + 1);
    expect(result).toEqual({ ok: false, failure: serverError });
  });

  it('stops retrying as soon as an attempt succeeds', async () => {
    const { call, calls } = scripted(serverError, 'ok');
    expect(await gates.run('isgd', budget(), call)).toEqual({ ok: true, value: 'short' });
    expect(calls).toHaveLength(2);
    expect(gates.breakerState('isgd')).toBe('closed');
  });

  it.each([
    ['a rejected link', outboundFailure.rejected('is.gd refused this link (invalid URL)')],
    ['refused credentials', outboundFailure.credentials('Bitly refused your access token')],
    ['a member quota', outboundFailure.rateLimited('Bitly refused: the monthly link limit is reached')],
    ['a per-IP rate limit', outboundFailure.rateLimited('is.gd refused: rate limit reached', true)],
    ['an unreadable answer', outboundFailure.unavailable('is.gd sent an answer that could not be read', false)],
  ])('does not retry %s', async (_name, failure) => {
    const { call, calls } = scripted(failure, 'ok');
    expect(await gates.run('isgd', budget(), call)).toEqual({ ok: false, failure });
    expect(calls).toHaveLength(1);
  });

  it('counts every unhealthy attempt towards the breaker; once open, runs are refused without a call', async () => {
    // THRESHOLD 4: the first run makes 3 failing attempts, the second opens the circuit at its first attempt
    // and makes no retry (the circuit refuses it), answering its own real failure.
    const first = scripted(serverError);
    await gates.run('isgd', budget(), first.call);
    expect(gates.breakerState('isgd')).toBe('closed');
    const second = scripted(serverError);
    expect(await gates.run('isgd', budget(), second.call)).toEqual({ ok: false, failure: serverError });
    expect(second.calls).toHaveLength(1);
    expect(gates.breakerState('isgd')).toBe('open');

    const refused = scripted('ok');
    const result = await gates.run('isgd', budget(), refused.call);
    expect(refused.calls).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, failure: { code: 'upstream_unavailable', retryable: false } });
    expect(!result.ok && result.failure.message).toBe('is.gd is failing: calls to it are paused for a moment');
    // Another provider has its own breaker.
    expect(gates.breakerState('vgd')).toBe('closed');
  });

  it('healthy refusals (rejected links, refused credentials) never open the circuit', async () => {
    for (let i = 0; i < THRESHOLD * 2; i++) {
      await gates.run('bitly', budget(), scripted(outboundFailure.rejected('Bitly refused this link')).call);
      await gates.run('bitly', budget(), scripted(outboundFailure.credentials('Bitly refused your token')).call);
    }
    expect(gates.breakerState('bitly')).toBe('closed');
  });

  it('after the cooldown lets one trial through: its success closes the circuit, its failure reopens it', async () => {
    for (let i = 0; i < 2; i++) await gates.run('vgd', budget(), scripted(serverError).call);
    expect(gates.breakerState('vgd')).toBe('open');

    clock.ms += COOLDOWN_MS;
    expect(gates.breakerState('vgd')).toBe('half_open');
    // The trial fails: no retry (the circuit is open again), a whole new cooldown.
    const trial = scripted(serverError);
    expect(await gates.run('vgd', budget(), trial.call)).toEqual({ ok: false, failure: serverError });
    expect(trial.calls).toHaveLength(1);
    expect(gates.breakerState('vgd')).toBe('open');

    clock.ms += COOLDOWN_MS;
    const good = scripted('ok');
    expect(await gates.run('vgd', budget(), good.call)).toEqual({ ok: true, value: 'short' });
    expect(good.calls).toHaveLength(1);
    expect(gates.breakerState('vgd')).toBe('closed');
  });

  it('makes no call once the budget is spent, and a precheck failure ends the run without a call', async () => {
    const spent = new AbortController();
    spent.abort(new Error('budget'));
    const late = scripted('ok');
    const result = await gates.run('tinyurl', spent.signal, late.call);
    expect(late.calls).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, failure: { code: 'upstream_unavailable' } });

    const stop = outboundFailure.credentials('Bitly refused your access token');
    const skipped = scripted('ok');
    expect(await gates.run('bitly', budget(), skipped.call, () => stop)).toEqual({ ok: false, failure: stop });
    expect(skipped.calls).toHaveLength(0);
  });

  it('a budget that ends during a failing attempt is no verdict on the service', async () => {
    for (let i = 0; i < THRESHOLD + 1; i++) {
      const controller = new AbortController();
      const call = (): Promise<Attempt<string>> => {
        controller.abort(new Error('budget'));
        return Promise.resolve({ ok: false, failure: serverError });
      };
      const result = await gates.run('cuttly', controller.signal, call);
      expect(!result.ok && result.failure.message).toBe(
        "Cutt.ly did not answer within this request's time budget: send the link again",
      );
    }
    expect(gates.breakerState('cuttly')).toBe('closed');
  });
});
