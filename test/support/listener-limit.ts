import { type EventEmitter, getEventListeners, getMaxListeners } from 'node:events';

/**
 * Node's condition for `MaxListenersExceededWarning` on an emitter or an `AbortSignal`: more `event` listeners than
 * its limit (0: none). Tests check it directly: Jest's sandboxed `process` never hears the warning itself.
 */
export function overListenerLimit(target: EventEmitter | EventTarget, event: string): boolean {
  const max = getMaxListeners(target);
  return max > 0 && getEventListeners(target, event).length > max;
}
