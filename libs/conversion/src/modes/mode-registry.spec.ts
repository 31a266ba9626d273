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
    expect(() => registry.get('Affiliate')).toThrow(AppException);
    try {
      registry.get('toString');
    } catch (error) {
      expect((error as AppException).code).toBe('invalid_mode');
    }
  });
});
