import { SetMetadata } from '@nestjs/common';
import { RememberingReflector } from './api-throttler.guard';

class Controller {
  @SetMetadata('limit', 5)
  limited(): void {}

  plain(): void {}
}

describe('RememberingReflector', () => {
  it('answers what Reflector answers, reading each key of each target once', () => {
    const reflector = new RememberingReflector();
    const read = jest.spyOn(Reflect, 'getMetadata');
    try {
      for (let i = 0; i < 3; i++) {
        expect(reflector.getAllAndOverride('limit', [Controller.prototype.limited, Controller])).toBe(5);
        expect(reflector.getAllAndOverride('limit', [Controller.prototype.plain, Controller])).toBeUndefined();
        expect(reflector.get('other', Controller.prototype.limited)).toBeUndefined();
      }
      // limited/limit, plain/limit, Controller/limit, limited/other: once each.
      expect(read).toHaveBeenCalledTimes(4);
    } finally {
      read.mockRestore();
    }
  });
});
