/**
 * What only tests name of the products library (not part of its door `@app/products`): the protocol readers and
 * the exact money helpers they check directly.
 */
export { commissionAt, decimalText, withEstimates } from '../product-details';
export { parseProductOffer, productOfferQuery } from '../protocols/shopee-product-offer';
export { lazadaRate, parseLazadaProduct } from '../protocols/lazada-product';
