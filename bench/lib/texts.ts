/**
 * Deal posts with N marketplace links, the way partners send them: Vietnamese text, emoji, product links of the
 * usual shapes (mostly Shopee, some Lazada, Tiki, TikTok Shop, a few links to other sites). Every link is a
 * different product, so nothing is converted once and reused: the cost measured is the cost of N links.
 * No short links: those are resolved over the network, which is not what these benchmarks measure.
 */
const LINES = ['🔥 Deal hôm nay', 'Giảm 50% chỉ hôm nay!', '👉 Mua ngay:', 'Freeship toàn quốc ✅', 'Săn sale 12.12'];

function productLink(i: number): string {
  const shop = 100000 + i;
  const item = 2000000000 + i * 7;
  switch (i % 8) {
    case 0:
    case 1:
    case 2:
      return `https://shopee.vn/Ao-Thun-Nam-Cotton-${i}-i.${shop}.${item}?sp_atk=abc${i}&xptdk=x${i}`;
    case 3:
      return `https://shopee.vn/product/${shop}/${item}`;
    case 4:
      return `shopee.vn/Tai-Nghe-Bluetooth-${i}-i.${shop}.${item}`;
    case 5:
      return `https://www.lazada.vn/products/may-xay-sinh-to-i${item}-s${item + 1}.html?spm=a2o4n.home`;
    case 6:
      return `https://tiki.vn/binh-giu-nhiet-p${item}.html?spid=${item + 3}`;
    default:
      return `https://www.tiktok.com/view/product/${1729000000000000000n + BigInt(i)}?region=VN`;
  }
}

/** A post with `links` marketplace links (and one link to another site per ten, which is not counted). */
export function dealText(links: number): string {
  const parts: string[] = [];
  for (let i = 0; i < links; i++) {
    parts.push(`${LINES[i % LINES.length]} ${productLink(i)}`);
    if (i % 10 === 9) parts.push('Xem thêm: https://example.com/blog/deal');
  }
  return parts.join('\n');
}
