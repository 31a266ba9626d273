import { AppException } from '@app/common';
import { CONVERT_MODE_NAMES, ConvertMode } from './convert-modes';
import { ModeRegistry } from './mode-registry';
import { UnavailableMode } from './providers/unavailable.mode';

const allModes = () => CONVERT_MODE_NAMES.map((mode) => new UnavailableMode(mode));

describe('ModeRegistry', () => {
  it('finds each of the ten modes by name', () => {
    const registry = new ModeRegistry(allModes());
    for (const mode of CONVERT_MODE_NAMES) expect(registry.get(mode).mode).toBe(mode);
    expect(CONVERT_MODE_NAMES).toHaveLength(10);
  });

  it('refuses to start with a mode missing', () => {
    const providers = allModes().filter((provider) => provider.mode !== 'link_goc');
    expect(() => new ModeRegistry(providers)).toThrow(/No provider for mode\(s\): link_goc/);
  });

  it('refuses to start with a mode provided twice', () => {
    expect(() => new ModeRegistry([...allModes(), new UnavailableMode('affiliate' as ConvertMode)])).toThrow(
      /"affiliate" has more than one provider/,
    );
  });

  it('throws a typed invalid_mode error for an unknown mode', () => {
    const registry = new ModeRegistry(allModes());
    for (const name of ['Affiliate', 'toString', '__proto__', '']) {
      let thrown: unknown;
      try {
        registry.get(name);
      } catch (error) {
        thrown = error;
      }
      // Asserted outside the `catch`: a name that does not throw fails here instead of passing unseen.
      expect(thrown).toBeInstanceOf(AppException);
      expect((thrown as AppException).code).toBe('invalid_mode');
    }
  });
});
