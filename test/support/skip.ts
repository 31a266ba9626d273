/**
 * The one way a test depends on what a machine may not have (a Postgres server, Redis, Chromium, the
 * PostgreSQL or redis-server binaries, several processes). Outside CI such a test is skipped, saying so: one
 * line `Skipping "<name>": <reason>` on the test run's output, and the reason in the skipped test's name.
 * With `CI` set (`.ci/run` sets it) nothing is skipped: the test FAILS with the reason, so a missing server,
 * binary or variable can never make tests vanish from a CI run. No test skips any other way (no `it.skip`,
 * no conditional `describe`, no early `return`).
 */
type Body = () => void;
type AsyncBody = () => Promise<void>;

/** Whether this run is CI (`CI` set to anything but empty, `0` or `false`): a missing dependency then fails. */
export const IN_CI = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());

function announce(name: string, reason: string): void {
  process.stdout.write(`Skipping "${name}": ${reason}\n`);
}

function missingInCi(name: string, reason: string): Error {
  return new Error(`"${name}" cannot run: ${reason}. CI is set, so this fails instead of being skipped.`);
}

/** `describe` when `condition` holds; else a skipped `describe` that says why, or in CI a failing test. */
export function describeIf(condition: boolean, reason: string): (name: string, body: Body) => void {
  if (condition) return describe;
  if (IN_CI) {
    return (name) =>
      describe(name, () => {
        it(`needs what it is missing: ${reason}`, () => {
          throw missingInCi(name, reason);
        });
      });
  }
  return (name, body) => {
    announce(name, reason);
    describe.skip(`${name} [skipped: ${reason}]`, body);
  };
}

/** `it` when `condition` holds; else a skipped `it` that says why, or in CI a failing one. */
export function itIf(condition: boolean, reason: string): (name: string, body: AsyncBody, timeout?: number) => void {
  if (condition) return it;
  if (IN_CI) {
    return (name) =>
      it(name, () => {
        throw missingInCi(name, reason);
      });
  }
  return (name, body) => {
    announce(name, reason);
    it.skip(`${name} [skipped: ${reason}]`, body);
  };
}
