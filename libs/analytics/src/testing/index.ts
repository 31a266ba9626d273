export { ClickRetention } from '../clicks/click-retention';
export { ClickRecorder } from '../clicks/click-recorder';
/** The order figures' SQL: the analytics bench seeds `order_days` with it, as the import keeps them. */
export { orderFigures } from '../query/order-figures';
