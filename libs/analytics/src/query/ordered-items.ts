import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** An item as the member's order reports name it: what the earnings page needs to find its product details. */
export interface OrderedItem {
  marketplace: string;
  item_id: string;
  item_name: string;
  /** The shop selling it ('' when the report did not say: Lazada's reports have no shop id). */
  shop_id: string;
  shop_name: string;
  /** The currency of its latest order line (which tells the marketplace's site: VND is shopee.vn). */
  currency: string;
}

/** Items of a member's imported or pulled orders (`order_lines`, owned by this lib). */
@Injectable()
export class OrderedItems {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The item as its latest order line names it, or null when none of the member's orders has it. */
  async find(memberId: string, marketplace: string, itemId: string): Promise<OrderedItem | null> {
    const rows: OrderedItem[] = await this.db.query(
      `SELECT marketplace, item_id, item_name, shop_id, shop_name, currency
         FROM order_lines WHERE member_id = $1 AND marketplace = $2 AND item_id = $3
        ORDER BY (shop_id <> '') DESC, updated_at DESC LIMIT 1`,
      [memberId, marketplace, itemId],
    );
    return rows[0] ? { ...rows[0], currency: rows[0].currency.trim() } : null;
  }
}
