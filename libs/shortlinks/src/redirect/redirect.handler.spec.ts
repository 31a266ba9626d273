import { hostnameOf } from './redirect.handler';

describe('hostnameOf', () => {
  it.each([
    ['sl.example.com', 'sl.example.com'],
    ['SL.Example.COM:8443', 'sl.example.com'],
    ['go.example.com.', 'go.example.com'],
    ['[::1]:3000', '[::1]'],
    ['127.0.0.1:80', '127.0.0.1'],
    [undefined, ''],
  ])('%j → %j', (header, expected) => {
    expect(hostnameOf(header)).toBe(expected);
  });
});
