/**
 * The marketplaces' own report exports, described once: which header (in any of the portal's languages, with the
 * typos Shopee ships) means which field. Headers are matched by alias after `normalizeHeader` (BOM, NFC, case,
 * spaces, a currency sign in parentheses, doubled combining marks), never by position: the portals reorder and
 * rename columns between exports.
 */

export type Marketplace = 'shopee' | 'lazada';
export const MARKETPLACES: readonly Marketplace[] = ['shopee', 'lazada'];

/** The fields an import reads; everything else in a file is ignored. */
export type ReportField =
  | 'order_id'
  | 'order_status'
  | 'conversion_id'
  | 'order_time'
  | 'complete_time'
  | 'click_time'
  | 'shop_id'
  | 'shop_name'
  | 'item_id'
  | 'item_name'
  | 'product_url'
  | 'model_id'
  | 'sub_order_id'
  | 'sku'
  | 'price'
  | 'qty'
  | 'purchase_value'
  | 'item_commission'
  | 'net_commission'
  | 'item_status'
  | 'validity'
  | 'currency'
  | 'channel'
  | 'sub_id1'
  | 'sub_id2'
  | 'sub_id3'
  | 'sub_id4'
  | 'sub_id5'
  | 'sub_id6';

type Aliases = Partial<Record<ReportField, string[]>>;

/**
 * Shopee's commission report (`AffiliateCommissionReport<date>.csv`), header sets VN, EN (also PH/MY/SG), TH (new
 * and older), ID (`Tag_link1..5` for sub ids), BR and MY, each with the typos seen in real files (VN "Tên MNC",
 * "… hoa hồng Shope"; ID "Nama Barange", "Status Pemebelian"; TH's doubled mark is handled by `normalizeHeader`).
 */
const SHOPEE: Aliases = {
  order_id: ['ID đơn hàng', 'Order id', 'รหัสการสั่งซื้อ', 'เลขที่คำสั่งซื้อ', 'ID do pedido', 'ID Pemesanan', 'Id Pembelian'],
  order_status: [
    'Trạng thái đặt hàng',
    'Order Status',
    'สถานะการสั่งซื้อ',
    'สถานะคำสั่งซื้อ',
    'Status do Pedido',
    'Status Pesanan',
  ],
  conversion_id: ['Checkout id', 'Conversion id', 'ID do pagamento', 'Kode Pesanan Affiliate', 'รหัสการแปลง'],
  order_time: [
    'Thời Gian Đặt Hàng',
    'Order Time',
    'เวลาที่สั่งซื้อ',
    'Horário do pedido',
    'Waktu Pemesanan',
    'Masa Pembelian',
  ],
  complete_time: [
    'Thời gian hoàn thành',
    'Complete Time',
    'Completed Time',
    'เวลาที่สั่งซื้อสำเร็จ',
    'Tempo de Conclusão',
    'Waktu Terselesaikan',
    'Waktu Selesai',
  ],
  click_time: ['Thời gian Click', 'Click Time', 'เวลาคลิก', 'Tempo dos cliques', 'Waktu Klik'],
  shop_id: ['Shop id', 'ID da loja', 'ID Shop', 'ID Toko', 'รหัสร้านค้า'],
  shop_name: ['Tên Shop', 'Shop Name', 'ชื่อร้านค้า', 'Nome da loja', 'Nama Toko'],
  item_id: ['Item id', 'ID do item', 'ID Barang', 'รหัสรายการสินค้า', 'รหัสสินค้า'],
  item_name: ['Tên Item', 'Item Name', 'ชื่อรายการสินค้า', 'ชื่อสินค้า', 'Nome do Item', 'Nama Barang', 'Nama Barange'],
  model_id: ['ID Model', 'Model id', 'เลขที่ โมเดล', 'รหัสโมเดล', 'ID do modelo'],
  price: ['Giá', 'Price', 'ราคา', 'Preço', 'Harga'],
  qty: ['Số lượng', 'Qty', 'Quantity', 'จำนวน', 'Qtd', 'Jumlah'],
  purchase_value: ['Giá trị đơn hàng', 'Purchase Value', 'มูลค่าซื้อ', 'Valor de Compra', 'Nilai Pembelian'],
  item_commission: [
    'Tổng hoa hồng sản phẩm',
    'Item Total Commission',
    'คอมมิชชั่นสินค้าโดยรวม',
    'Comissão total do item',
    'Total Komisi per Produk',
  ],
  net_commission: [
    'Hoa hồng ròng tiếp thị liên kết',
    'Affiliate Net Commission',
    'ค่าคอมมิชชั่นสุทธิ',
    'Comissão líquida do afiliado',
    'Komisi Bersih Affiliate',
    'Komisen Bersih Affiliate',
  ],
  item_status: [
    'Trạng thái sản phẩm liên kết',
    'Affiliate Item Status',
    'สถานะสินค้าแอฟฟิลิเอต',
    'Status do item do afiliado',
    'Status Produk Affiliate',
  ],
  channel: ['Kênh', 'Channel', 'ช่องทาง', 'Canal', 'Platform'],
  sub_id1: ['Sub_id1', 'Tag_link1'],
  sub_id2: ['Sub_id2', 'Tag_link2'],
  sub_id3: ['Sub_id3', 'Tag_link3'],
  sub_id4: ['Sub_id4', 'Tag_link4'],
  sub_id5: ['Sub_id5', 'Tag_link5'],
};

/**
 * Lazada's portal "Conversion Report" CSV (cp1252), one row per SKU-order. A line is the product's item (`-i<item>`
 * of its page, as a link names it and its clicks count) with its SKU as the detail (stored as the model).
 */
const LAZADA: Aliases = {
  order_id: ['Order Number', 'Order ID'],
  sub_order_id: ['Sub Order ID', 'Sku Order ID'],
  sku: ['SKU', 'Sku ID'],
  item_id: ['Item ID', 'Product ID'],
  product_url: ['Pdp Url', 'Product URL', 'Product Link'],
  item_name: ['Item Name', 'Sku Name', 'Product Name'],
  shop_id: ['Seller ID'],
  shop_name: ['Seller Name', 'Brand Name', 'Shop Name'],
  // The order's own time first: orders count on the day they were placed, the conversion may come minutes later.
  order_time: ['Order Time', 'Conversion Time'],
  complete_time: ['Delivered Time', 'Fulfilled Time'],
  click_time: ['Click Time'],
  purchase_value: ['Order Amount', 'Order Amt'],
  net_commission: ['Payout', 'Est Payout', 'Estimated Payout'],
  order_status: ['Status'],
  validity: ['Validity'],
  currency: ['Currency'],
  channel: ['Sales Channel', 'Platform'],
  sub_id1: ['Sub ID 1', 'Sub ID1', 'subId1'],
  sub_id2: ['Sub ID 2', 'Sub ID2', 'subId2'],
  sub_id3: ['Sub ID 3', 'Sub ID3', 'subId3'],
  sub_id4: ['Sub ID 4', 'Sub ID4', 'subId4'],
  sub_id5: ['Sub ID 5', 'Sub ID5', 'subId5'],
  sub_id6: ['Sub ID 6', 'Sub ID6', 'subId6'],
};

/** Without these a file is not a report of that marketplace (the import refuses it, naming what is missing). */
const REQUIRED: Record<Marketplace, ReportField[]> = {
  shopee: ['order_id', 'item_id', 'order_time', 'net_commission'],
  lazada: ['order_id', 'sku', 'order_time', 'net_commission'],
};

/**
 * `"\uFEFFHoa hồng ròng tiếp thị liên kết(₫)"` → `"hoahồngròngtiếpthịliênkết"`: BOM and quotes gone, NFC,
 * lower case, a trailing `(<currency>)` dropped, doubled combining marks (TH "…์์") single, whitespace, `_`, `.`
 * and `:` removed. Both aliases and file headers go through it.
 */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/u, '')
    .replace(/(\p{M})\1+/gu, '$1')
    .replace(/[\s_.:"'`]+/gu, '');
}

/** The currency a header's `(…)` suffix names (`(₫)` → VND), or null. */
export function currencyOfHeader(header: string): string | null {
  const sign = /\(([^)]*)\)\s*$/u.exec(header.normalize('NFC'))?.[1]?.trim();
  if (!sign) return null;
  return CURRENCY_SIGNS[sign.toUpperCase()] ?? (/^[A-Z]{3}$/.test(sign.toUpperCase()) ? sign.toUpperCase() : null);
}

const CURRENCY_SIGNS: Record<string, string> = {
  '₫': 'VND',
  Đ: 'VND',
  VND: 'VND',
  '฿': 'THB',
  THB: 'THB',
  RP: 'IDR',
  IDR: 'IDR',
  R$: 'BRL',
  BRL: 'BRL',
  '₱': 'PHP',
  PHP: 'PHP',
  RM: 'MYR',
  MYR: 'MYR',
  S$: 'SGD',
  $: 'SGD',
  SGD: 'SGD',
  NT$: 'TWD',
};

/** Currencies without minor units in these reports: `769.945` there is 769945, never 769.945. */
export const WHOLE_CURRENCIES = new Set(['VND', 'IDR']);

/** The UTC offset of the region a currency's reports are written in (their times carry no zone). */
export const REPORT_UTC_OFFSET: Record<string, string> = {
  VND: '+07:00',
  THB: '+07:00',
  IDR: '+07:00',
  BRL: '-03:00',
  PHP: '+08:00',
  MYR: '+08:00',
  SGD: '+08:00',
  TWD: '+08:00',
};

/** A header's field and its priority among that field's aliases (0: the first, the one preferred). */
interface AliasEntry {
  field: ReportField;
  priority: number;
}

const ALIAS_INDEX: Record<Marketplace, Map<string, AliasEntry>> = {
  shopee: indexAliases(SHOPEE),
  lazada: indexAliases(LAZADA),
};

function indexAliases(aliases: Aliases): Map<string, AliasEntry> {
  const index = new Map<string, AliasEntry>();
  for (const [field, names] of Object.entries(aliases) as Array<[ReportField, string[]]>) {
    names.forEach((name, priority) => index.set(normalizeHeader(name), { field, priority }));
  }
  return index;
}

export interface ReportLayout {
  marketplace: Marketplace;
  /** Column index of each field found. */
  columns: Partial<Record<ReportField, number>>;
  /** From the money headers' suffix (Shopee), or null: then each row's `currency` column (Lazada). */
  currency: string | null;
}

export type LayoutResult = { ok: true; layout: ReportLayout } | { ok: false; message: string };

/**
 * Which report a header row belongs to, and where each field is. The marketplace whose aliases match the most
 * headers wins; a file that matches neither, or lacks a required field, is refused with the reason. When several
 * columns of a file name one field (Lazada's `Order Time` and `Conversion Time`), the field reads the column of
 * its first alias in the list above, wherever the columns stand in the file: the alias lists are priorities.
 */
export function detectLayout(headers: readonly string[]): LayoutResult {
  const normalized = headers.map(normalizeHeader);
  let best: { marketplace: Marketplace; columns: Partial<Record<ReportField, number>>; hits: number } | null = null;
  for (const marketplace of MARKETPLACES) {
    const columns: Partial<Record<ReportField, number>> = {};
    const priorities: Partial<Record<ReportField, number>> = {};
    let hits = 0;
    normalized.forEach((name, index) => {
      const entry = ALIAS_INDEX[marketplace].get(name);
      if (!entry) return;
      const taken = priorities[entry.field];
      if (taken === undefined) hits += 1;
      if (taken === undefined || entry.priority < taken) {
        columns[entry.field] = index;
        priorities[entry.field] = entry.priority;
      }
    });
    if (!best || hits > best.hits) best = { marketplace, columns, hits };
  }
  if (!best || best.hits < 3) {
    return {
      ok: false,
      message:
        'Not a Shopee commission report or a Lazada conversion report: the header row names none of their columns ' +
        '(export the report from the affiliate portal as CSV, and upload it unchanged)',
    };
  }
  const missing = REQUIRED[best.marketplace].filter((field) => best.columns[field] === undefined);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `This ${best.marketplace === 'shopee' ? 'Shopee' : 'Lazada'} report lacks the column(s) ${missing.join(', ')}`,
    };
  }
  let currency: string | null = null;
  if (best.marketplace === 'shopee') {
    for (const field of ['net_commission', 'purchase_value', 'price', 'item_commission'] as const) {
      const index = best.columns[field];
      currency = index === undefined ? null : currencyOfHeader(headers[index]);
      if (currency) break;
    }
    if (!currency) {
      return {
        ok: false,
        message: 'The money columns name no currency (e.g. "Affiliate Net Commission(₫)"): the file cannot be read',
      };
    }
  }
  return { ok: true, layout: { marketplace: best.marketplace, columns: best.columns, currency } };
}

/** The common status a line is in. `unpaid` counts with pending in the figures (see docs/analytics.md). */
export type LineStatus = 'unpaid' | 'pending' | 'completed' | 'cancelled';

const STATUS_WORDS: Record<string, LineStatus> = {};
function statuses(status: LineStatus, words: string[]): void {
  for (const word of words) STATUS_WORDS[normalizeStatus(word)] = status;
}
statuses('unpaid', ['Chưa thanh toán', 'Unpaid', 'Não pago', 'Belum Dibayar', 'ยังไม่ชำระเงิน', 'ยังไม่ได้ชำระเงิน']);
statuses('pending', [
  'Đang chờ xử lý',
  'Pending',
  'รอดำเนินการ',
  'Pendente',
  'Tertunda',
  'To be completed',
  'Fulfilled',
  'Ordered',
  'Shipped',
]);
statuses('completed', ['Hoàn thành', 'Completed', 'สำเร็จ', 'Concluído', 'Selesai', 'Delivered', 'Valid']);
statuses('cancelled', [
  'Đã hủy',
  'Cancelled',
  'Canceled',
  'Cancel',
  'ยกเลิก',
  'Cancelado',
  'Dibatalkan',
  'Rejected',
  'Returned',
  'Invalid',
  'Fraud',
]);

function normalizeStatus(value: string): string {
  return value.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A status word of any report language → the common status, or null when unknown. */
export function statusOf(word: string): LineStatus | null {
  return STATUS_WORDS[normalizeStatus(word)] ?? null;
}
