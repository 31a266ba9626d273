import { analyticsCsv, csvCell } from './analytics-csv';

describe('the CSV of GET /api/analytics', () => {
  it('escapes formulas and quotes in CSV cells', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it("guards a formula after a ';' or a tab too (spreadsheets split cells there in the pt-BR and id-ID locales)", () => {
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe("x;'=cmd|' /C calc'!A0");
    expect(csvCell('x\t+1+1')).toBe("x\t'+1+1");
    expect(csvCell('\t=1')).toBe("'\t'=1");
    expect(csvCell('a; -b;@c')).toBe("a; -b;'@c");
    expect(csvCell('1;2')).toBe('1;2');
  });

  it('writes one line per row and currency, a row without money once', () => {
    const amount = (currency: string, net: string) => ({
      currency,
      gmv: '0',
      commission_pending: '0',
      commission_completed: net,
      commission_cancelled: '0',
      net_commission: net,
      epc: null,
    });
    const csv = analyticsCsv([
      {
        key: 'idsale',
        label: null,
        clicks: 4,
        bot_clicks: 0,
        orders: 4,
        cancelled_orders: 0,
        conversion_rate: 1,
        amounts: [amount('IDR', '75854'), amount('THB', '5.55')],
      },
      {
        key: '=x',
        label: null,
        clicks: 1,
        bot_clicks: 0,
        orders: null,
        cancelled_orders: null,
        conversion_rate: null,
        amounts: null,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'key,label,currency,clicks,bot_clicks,orders,cancelled_orders,conversion_rate,gmv,commission_pending,commission_completed,commission_cancelled,net_commission,epc',
      'idsale,,IDR,4,0,4,0,1,0,0,75854,0,75854,',
      'idsale,,THB,4,0,4,0,1,0,0,5.55,0,5.55,',
      "'=x,,,1,0,,,,,,,,,",
      '',
    ]);
  });
});
