import { EventEmitter } from 'node:events';
import { PubSub } from './pubsub';

/**
 * The transport of a single process (the embedded database, or a test): an `EventEmitter`. Always live; a message
 * is delivered to this process's subscribers before `publish` returns.
 */
export class InProcessPubSub extends PubSub {
  readonly transport = 'in-process';
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  get live(): boolean {
    return true;
  }

  publish(channel: string, message: string): Promise<void> {
    this.emitter.emit('message', channel, message);
    return Promise.resolve();
  }

  protected listen(): void {
    if (this.emitter.listenerCount('message') === 0) {
      this.emitter.on('message', (channel: string, message: string) => this.deliver(channel, message));
    }
  }
}
