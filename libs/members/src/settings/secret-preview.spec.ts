import { itReturnsEach } from '@app/common/testing';
import { secretPreview } from './secret-preview';

describe('secretPreview', () => {
  // At most the first and last four characters, and nothing of short values.
  itReturnsEach(secretPreview, [
    ['abcdefghijklmnopqrstuvwxyz', 'abcd…wxyz'],
    ['123456789012', '1234…9012'],
    ['12345678901', '••••'],
    ['', '••••'],
  ]);
});
