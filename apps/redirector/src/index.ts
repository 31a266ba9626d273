/**
 * The redirector app's one door for the api: its HTTP edge, which the api mounts as its first Express middleware in
 * single-process mode (`REDIRECTOR_MOUNT`). Everything else of the app stays inside it.
 */
export { RedirectHandler, type RedirectHandlerOptions } from './redirect.handler';
