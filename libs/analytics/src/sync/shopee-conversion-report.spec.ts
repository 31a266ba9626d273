import Decimal from 'decimal.js';
import { linesOfShopeeNodes } from './shopee-conversion-report';

/** A conversion of one order with these items (commission each), its total and net as the API gives them. */
function conversion(items: string[], total: string, net: string, status = 'COMPLETED') {
  return {
    purchaseTime: 1786000000,
    clickTime: 1785999000,
    conversionId: 'c1',
    utmContent: 'fb----',
    totalCommission: total,
    netCommission: net,
    orders: [
      {
        orderId: 'O1',
        orderStatus: status,
        items: items.map((commission, i) => ({
          itemId: String(100 + i),
          modelId: 1,
          actualAmount: '1000',
          qty: 1,
          itemTotalCommission: commission,
          displayItemStatus: 'COMPLETED',
        })),
      },
    ],
  };
}

const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed();

describe("the pull's lines of Shopee conversions", () => {
  it("gives each item an exact share of the conversion's net: the shares add up to the net, remainder carried", () => {
    const { lines } = linesOfShopeeNodes([conversion(['1', '1', '1'], '3', '1')], 'VND');
    const nets = lines.map((l) => l.netCommission);
    expect(sum(nets)).toBe('1');
    expect(nets).toEqual(['0.333333', '0.333334', '0.333333']);
  });

  it('matches the CSV to the last digit: the MCN fee taken from items whose shares do not divide evenly', () => {
    // Net 18482862 of a total 20091241 (after an MCN fee of 1608379), over three items of a third each: rounded
    // shares lost a millionth (18482861.999999); the CSV's item nets add up to the net.
    const { lines } = linesOfShopeeNodes(
      [conversion(['6697080.333333', '6697080.333333', '6697080.333334'], '20091241', '18482862')],
      'VND',
    );
    expect(sum(lines.map((l) => l.netCommission))).toBe('18482862');
    for (const line of lines) expect(new Decimal(line.netCommission).decimalPlaces()).toBeLessThanOrEqual(6);
  });

  it.each([
    [['2500.5'], '2500.5', '2300.46'],
    [['10', '20', '30', '40'], '100', '92'],
    [['0.000001', '0.000001', '7'], '7.000002', '6.440002'],
    [['0', '0'], '0', '0'],
    [['123456789.123456', '987654321.654321', '1'], '1111111111.777777', '1022222222.835555'],
  ])('items %j of total %s: the shares add up to the net %s exactly', (items, total, net) => {
    const { lines } = linesOfShopeeNodes([conversion(items, total, net)], 'VND');
    expect(lines).toHaveLength(items.length);
    expect(sum(lines.map((l) => l.netCommission))).toBe(new Decimal(net).toFixed());
  });
});
