export { ClickRetention } from '../clicks/click-retention';
