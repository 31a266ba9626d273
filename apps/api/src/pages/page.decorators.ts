import { applyDecorators, Get, Header, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PageExceptionFilter } from './page-exception.filter';

/** A controller of pages: out of the OpenAPI document, its errors answered as pages (PageExceptionFilter). */
export const PagesController = () => applyDecorators(ApiExcludeController(), UseFilters(PageExceptionFilter));

/** A route answering HTML (a page or an htmx partial), never cached: it may carry a CSRF token or a secret once. */
export const Html = () =>
  applyDecorators(Header('Content-Type', 'text/html; charset=utf-8'), Header('Cache-Control', 'no-store'));

/** A form's post (htmx): answers 200 with the partial it swaps in, as an `@Html()` route. */
export const HtmlPost = (path?: string) => applyDecorators(Post(path), HttpCode(200), Html());

/** A page (or a partial) read with GET, as an `@Html()` route. */
export const HtmlGet = (path?: string) => applyDecorators(Get(path), Html());
