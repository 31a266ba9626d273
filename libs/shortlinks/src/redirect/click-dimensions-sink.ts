import type { IncomingMessage } from 'node:http';

/**
 * Where a redirect's click goes with its dimensions (country, device, referrer…), beside the click counter: a
 * port the analytics lib implements (its `ClickRecorder`), so that the redirect handler needs no import of it.
 * An app without it counts clicks per link and day only.
 */
export abstract class ClickDimensionsSink {
  /** One click of a redirect already answered, from `address` (the client as `req.ip` gives it). */
  abstract record(linkId: string, req: IncomingMessage, address: string | undefined, bot: boolean): void;
}
