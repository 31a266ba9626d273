import { currencyOfHeader, detectLayout, normalizeHeader, statusOf } from './report-formats';
import { joinSubIds, parseMoney, parseReportTime, subIdOfUtmContent } from './report-values';

describe('report values', () => {
  it.each([
    ['265753', 'VND', '265753'],
    ['265,753', 'VND', '265753'],
    ['1,250,000', 'VND', '1250000'],
    ['10630.12', 'VND', '10630.12'],
    ['769.945', 'IDR', '769945'],
    ['51.329.667', 'IDR', '51329667'],
    ['2.546,18', 'IDR', '2546.18'],
    ['1,234.56', 'BRL', '1234.56'],
    ['12.50', 'BRL', '12.5'],
    ['12,5', 'BRL', '12.5'],
    ['₫ 10,000', 'VND', '10000'],
    ['', 'VND', '0'],
    ['--', 'VND', '0'],
    ['-3.5', 'THB', '-3.5'],
    ['0.1', 'THB', '0.1'],
  ])('reads the amount %p (%s) as %p, exactly', (raw, currency, expected) => {
    expect(parseMoney(raw, currency)).toBe(expected);
  });

  it.each(['abc', '1.2.3,4,5', '1e5', '12,34,56', '=1+1'])('refuses %p as an amount', (raw) => {
    expect(parseMoney(raw, 'VND')).toBeNull();
  });

  it('reads report times in the region of the currency, and refuses nonsense', () => {
    expect(parseReportTime('2026-08-10 12:00:00', 'VND')!.toISOString()).toBe('2026-08-10T05:00:00.000Z');
    expect(parseReportTime('2026-08-10 12:00:00', 'BRL')!.toISOString()).toBe('2026-08-10T15:00:00.000Z');
    expect(parseReportTime('10/08/2026 12:00', 'THB')!.toISOString()).toBe('2026-08-10T05:00:00.000Z');
    expect(parseReportTime('1786338000', 'VND')!.toISOString()).toBe('2026-08-10T05:00:00.000Z');
    expect(parseReportTime('--', 'IDR')).toBeNull();
    expect(parseReportTime('13/13/2026 99:00', 'VND')).toBeUndefined();
  });

  it('reads only days of the calendar, between 2000 and 2100: never a day rolled over into the next month', () => {
    for (const bad of ['2026-02-30 10:00', '2026-04-31', '31/04/2026 10:00', '2025-02-29', '0000-06-01 10:00']) {
      expect(parseReportTime(bad, 'VND')).toBeUndefined();
    }
    expect(parseReportTime('9999-12-31 23:00:00', 'VND')).toBeUndefined();
    expect(parseReportTime('9999999999', 'VND')).toBeUndefined();
    expect(parseReportTime('2024-02-29 10:00', null)!.toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(parseReportTime('31/12/2099 23:59', null)!.toISOString()).toBe('2099-12-31T23:59:00.000Z');
  });

  it('normalises headers: BOM, case, currency suffix, spaces, doubled Thai marks', () => {
    expect(normalizeHeader('\uFEFFHoa hồng ròng tiếp thị liên kết(₫)')).toBe(
      normalizeHeader('hoa hồng ròng tiếp thị liên kết'),
    );
    expect(normalizeHeader('Purchase Value (₱)')).toBe(normalizeHeader('Purchase Value(₱)'));
    expect(normalizeHeader('คอมมิชชั่นแบรนด์์')).toBe(normalizeHeader('คอมมิชชั่นแบรนด์'));
    expect(currencyOfHeader('Komisi Bersih Affiliate (Rp)')).toBe('IDR');
    expect(currencyOfHeader('Comissão líquida do afiliado(R$)')).toBe('BRL');
    expect(currencyOfHeader('Order id')).toBeNull();
  });

  it("knows each language's statuses", () => {
    expect(['Hoàn thành', 'สำเร็จ', 'Concluído', 'Selesai', 'COMPLETED'].map(statusOf)).toEqual(
      Array(5).fill('completed'),
    );
    expect(['Đã hủy', 'ยกเลิก', 'Cancelado', 'Dibatalkan'].map(statusOf)).toEqual(Array(4).fill('cancelled'));
    expect(statusOf('something else')).toBeNull();
  });

  it('refuses a Shopee header set without a currency, and names missing columns', () => {
    const noCurrency = detectLayout(['Order id', 'Order Status', 'Item id', 'Order Time', 'Affiliate Net Commission']);
    expect(noCurrency).toMatchObject({ ok: false });
    expect(detectLayout(['Order id', 'Item id', 'Order Time', 'Affiliate Net Commission(₫)'])).toMatchObject({
      ok: true,
    });
  });

  it('joins sub ids as short links store them', () => {
    expect(joinSubIds(['fb', 'post1', '', '', ''])).toBe('fb-post1');
    expect(joinSubIds(['', 'x', ''])).toBe('-x');
    expect(subIdOfUtmContent('FB----')).toBe('FB');
    expect(subIdOfUtmContent(null)).toBe('');
  });
});
