import { type AnalyticsRow, type OrderedItem, shownDays, type ZonedRange } from '@app/analytics';
import type { ProductDetails, ProductError } from '@app/products';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { ProductCard } from '../product-card';
import { StatTiles } from '../stats';
import { MoneyTile, OrdersTile } from './amounts';

export interface ItemDetailsData {
  item: OrderedItem;
  /** The item's page on the marketplace, when its site is known. */
  productUrl: string | null;
  product: ProductDetails | null;
  /** Why there are no details (what to save, or what the marketplace said). */
  productError: ProductError | null;
  /** The item's orders, GMV and commission in the range. */
  figures: AnalyticsRow | null;
  /** The range asked, shown as its first and last day and its zone. */
  range: ZonedRange;
  back: string;
}

/** An item of the member's orders: its product details (name, image, price, rate) beside what it earned. */
export function ItemDetailsSection({ data }: { data: ItemDetailsData }) {
  const amounts = data.figures?.amounts ?? [];
  const marketplace = data.item.marketplace === 'shopee' ? 'Shopee' : 'Lazada';
  const days = shownDays(data.range);
  return (
    <>
      <p>
        <a href={data.back}>← Earnings</a>
      </p>
      <section class="card" aria-labelledby="item-title">
        <h2 id="item-title">{data.item.item_name || `Item ${data.item.item_id}`}</h2>
        <p class="hint">
          {`${marketplace} item ${data.item.item_id}${data.item.shop_name ? ` · ${data.item.shop_name}` : ''}`}
          {data.productUrl ? (
            <>
              {' · '}
              <a href={data.productUrl} rel="noopener noreferrer nofollow" target="_blank">
                {`Open on ${marketplace}`}
              </a>
            </>
          ) : null}
        </p>
        {data.product ? <ProductCard product={data.product} /> : null}
        {data.productError ? (
          <p class="product-note" id="item-product-error">
            {`No product details (${data.productError.code}): ${data.productError.message} `}
            {data.productError.code === 'product_not_configured' ? (
              <a href={sectionPath(ACCOUNT_SECTIONS, 'settings')}>Open your settings</a>
            ) : null}
          </p>
        ) : null}
      </section>
      <section class="card" aria-labelledby="item-figures-title">
        <h2 id="item-figures-title">{`${days.start} to ${days.end} (${data.range.zone})`}</h2>
        <StatTiles id="item-cards" wide>
          <OrdersTile id="item-orders" figures={data.figures} />
          <MoneyTile id="item-gmv" figure="gmv" amounts={amounts} />
          <MoneyTile id="item-net" figure="net" amounts={amounts} />
        </StatTiles>
      </section>
    </>
  );
}
