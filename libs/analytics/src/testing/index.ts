export { ClickRetention } from '../clicks/click-retention';
export { ClickRecorder } from '../clicks/click-recorder';
