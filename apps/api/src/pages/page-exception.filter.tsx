import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { failureOf, recordFailure, toAppException } from '@app/common';
import type { Request, Response } from 'express';
import { Status } from '../views/components';
import { PAGE } from '../views/navigation';
import { ErrorPage } from '../views/public/error';
import { renderPage, renderPartial } from '../views/render';

const TITLES: Record<number, string> = {
  400: 'That did not work',
  403: 'Not allowed',
  404: 'Not found',
  429: 'Too many requests',
};

/** The id of the element an htmx request came from (`HX-Trigger`), when it is a plain id. */
function triggerId(req: Request): string | null {
  const id = req.headers['hx-trigger'];
  return typeof id === 'string' && /^[A-Za-z][\w-]{0,80}$/.test(id) ? id : null;
}

/**
 * Errors of the pages, as pages: logged out, a page redirects to the login (htmx: `HX-Redirect`); an htmx
 * form's error replaces that form's status line (`<form id>-status`, an alert) and keeps what was typed; a
 * full page's error is an error page in the layout. Logged like every failed request (one access line).
 */
@Catch()
export class PageExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const exception = toAppException(error);
    const status = recordFailure(res, exception, failureOf(exception, error));
    if (res.headersSent) {
      res.end();
      return;
    }
    const htmx = req.headers['hx-request'] === 'true';
    res.setHeader('Cache-Control', 'no-store');
    if (exception.details.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(Math.max(0, Math.ceil(exception.details.retryAfterSeconds))));
    }
    if (exception.code === 'unauthenticated') {
      if (htmx) {
        res.setHeader('HX-Redirect', PAGE.login);
        res.status(status).end();
      } else {
        res.redirect(303, PAGE.login);
      }
      return;
    }
    res.status(status).type('html');
    if (htmx) {
      const id = triggerId(req) ?? 'page';
      res.setHeader('HX-Retarget', `#${id}-status`);
      res.setHeader('HX-Reswap', 'outerHTML');
      res.send(renderPartial(<Status id={id} status={{ kind: 'error', text: exception.message }} />));
      return;
    }
    res.send(
      renderPage(
        <ErrorPage title={TITLES[status] ?? 'Something went wrong'} message={exception.message} status={status} />,
      ),
    );
  }
}
