import { DomainState, nextDomainState, PENDING_GRACE_MS } from './domain-check';

const TOKEN = 'linkconv-verify=abc';
const created = new Date('2030-01-01T00:00:00Z');
const base: DomainState = { status: 'pending', failedChecks: 0, lastError: null, verifiedAt: null, createdAt: created };
const at = (ms: number) => new Date(created.getTime() + ms);

describe('nextDomainState', () => {
  it('verifies when one TXT record holds the token', () => {
    const next = nextDomainState(base, { kind: 'records', records: ['other', ` ${TOKEN} `] }, TOKEN, at(1000));
    expect(next).toEqual({ status: 'verified', failedChecks: 0, lastError: null, verifiedAt: at(1000) });
  });

  it('keeps a new domain pending while the record is missing, then fails it', () => {
    const miss = { kind: 'none', reason: 'no TXT record' } as const;
    expect(nextDomainState(base, miss, TOKEN, at(1000)).status).toBe('pending');
    const late = nextDomainState(base, miss, TOKEN, at(PENDING_GRACE_MS));
    expect(late.status).toBe('failed');
    expect(late.lastError).toMatch(/not found/);
  });

  it('a wrong value is a miss', () => {
    const next = nextDomainState(base, { kind: 'records', records: ['linkconv-verify=zzz'] }, TOKEN, at(1));
    expect(next.lastError).toMatch(/not with the expected value/);
    expect(next.failedChecks).toBe(1);
  });

  it('fails a verified domain only after three misses in a row', () => {
    let state: DomainState = { ...base, status: 'verified', verifiedAt: at(0) };
    const miss = { kind: 'none', reason: 'no such name' } as const;
    for (const expected of ['verified', 'verified', 'failed']) {
      state = { ...nextDomainState(state, miss, TOKEN, at(5000)), createdAt: created };
      expect(state.status).toBe(expected);
    }
    const back = nextDomainState(state, { kind: 'records', records: [TOKEN] }, TOKEN, at(9000));
    expect(back).toMatchObject({ status: 'verified', failedChecks: 0, verifiedAt: at(9000) });
  });

  it('changes nothing but the message on a lookup error', () => {
    const verified: DomainState = { ...base, status: 'verified', verifiedAt: at(0) };
    const next = nextDomainState(verified, { kind: 'error', reason: 'DNS lookup failed (ETIMEOUT)' }, TOKEN, at(1));
    expect(next).toMatchObject({ status: 'verified', failedChecks: 0, lastError: 'DNS lookup failed (ETIMEOUT)' });
  });
});
