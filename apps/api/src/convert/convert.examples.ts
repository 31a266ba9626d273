import type { ConvertRequestDto, ConvertResult } from '@app/conversion';

/** The OpenAPI examples of `POST /api/convert` (request and answer), shown by /docs and kept by generated clients. */
export const CONVERT_REQUEST_EXAMPLES: Record<string, { summary: string; value: Partial<ConvertRequestDto> }> = {
  affiliate: {
    summary: 'Affiliate links with sub ids',
    value: {
      content: 'Deal hot 🔥 https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc giảm 50%!',
      mode: 'affiliate',
      affiliate_id: '17345510000',
      sub_ids: ['fb', 'post123'],
    },
  },
  original: {
    summary: 'The clean original links (mode link_goc: no affiliate id needed)',
    value: { content: 'https://shopee.vn/product/123456/7891011?sp_atk=abc&xptdk=x', mode: 'link_goc' },
  },
};

export const CONVERT_RESPONSE_EXAMPLES: Record<string, { summary: string; value: ConvertResult }> = {
  converted: {
    summary: 'One Shopee link made an affiliate link',
    value: {
      ok: true,
      message: 'Converted 1/1 link',
      mode: 'Affiliate link',
      output:
        'Deal hot 🔥 https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2FAo-Thun-Nam-i.123456.7891011' +
        '&affiliate_id=17345510000&sub_id=fb-post123 giảm 50%!',
      summary: { total: 1, success: 1, failed: 0 },
      items: [
        {
          index: 0,
          input: 'https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc',
          start: 12,
          end: 69,
          marketplace: 'shopee',
          output:
            'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2FAo-Thun-Nam-i.123456.7891011' +
            '&affiliate_id=17345510000&sub_id=fb-post123',
          ok: true,
        },
      ],
    },
  },
};
