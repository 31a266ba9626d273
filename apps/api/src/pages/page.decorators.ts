import { applyDecorators, Header, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PageExceptionFilter } from './page-exception.filter';

/** A controller of pages: out of the OpenAPI document, its errors answered as pages (PageExceptionFilter). */
export const PagesController = () => applyDecorators(ApiExcludeController(), UseFilters(PageExceptionFilter));

/** A route answering HTML (a page or an htmx partial), never cached: it may carry a CSRF token or a secret once. */
export const Html = () =>
  applyDecorators(Header('Content-Type', 'text/html; charset=utf-8'), Header('Cache-Control', 'no-store'));
