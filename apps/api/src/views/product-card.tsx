import type { ProductDetails } from '@app/products';
import { formatMoney, formatMoneyRange } from './money';
import { formatCommissionRate } from './percent';

/** A product as a card: its image, name, price, commission rate and estimated commission. */
export function ProductCard({ product }: { product: ProductDetails }) {
  const price =
    product.price !== null
      ? formatMoney(product.price, product.currency)
      : product.price_min !== null
        ? formatMoneyRange(product.price_min, product.price_max, product.currency)
        : null;
  const earn =
    product.estimated_commission === null
      ? null
      : product.estimated_commission_max !== null && product.estimated_commission_max !== product.estimated_commission
        ? formatMoneyRange(product.estimated_commission, product.estimated_commission_max, product.currency)
        : formatMoney(product.estimated_commission, product.currency);
  return (
    <article class="product-card" aria-label={product.name ?? `Product ${product.item_id}`}>
      {product.image_url ? (
        <img src={product.image_url} alt="" width={96} height={96} loading="lazy" referrerpolicy="no-referrer" />
      ) : (
        <div class="product-image-none" aria-hidden="true"></div>
      )}
      <div class="product-body">
        <p class="product-name">{product.name ?? `Product ${product.item_id}`}</p>
        {product.shop_name ? <p class="target">{product.shop_name}</p> : null}
        <dl class="product-facts">
          <div>
            <dt>Price</dt>
            <dd>{price ?? '—'}</dd>
          </div>
          <div>
            <dt>Commission rate</dt>
            <dd>{formatCommissionRate(product.commission_rate) ?? '—'}</dd>
          </div>
          <div>
            <dt>You earn per sale</dt>
            <dd class="product-earn">{earn ?? '—'}</dd>
          </div>
          {product.rating !== null || product.units_sold !== null ? (
            <div>
              <dt>Rating · sold</dt>
              <dd>{`${product.rating ?? '—'} ★ · ${product.units_sold ?? '—'}`}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </article>
  );
}
