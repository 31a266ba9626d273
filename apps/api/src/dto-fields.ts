import { applyDecorators, type Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { OkTrue } from '@app/common';

/**
 * Property decorators in the order they would be written one above the other, applied as such a stack is (the
 * lowest first): class-validator runs a property's checks in that order, and the first refusal is the message.
 */
const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...decorators.reverse());

interface IntQueryDoc {
  minimum: number;
  maximum?: number;
  default?: number;
  description?: string;
}

/**
 * An optional whole number of a query string: documented as `doc` says, converted from the text and checked
 * against the documented bounds. `max` bounds a value the document leaves open (a page number); `message` is
 * the refusal of a value that is not a whole number (class-validator's own otherwise).
 */
export function IntQuery(doc: IntQueryDoc, check: { max?: number; message?: string } = {}): PropertyDecorator {
  const max = check.max ?? doc.maximum;
  return stacked(
    ApiPropertyOptional(doc),
    IsOptional(),
    Type(() => Number),
    IsInt(check.message === undefined ? undefined : { message: check.message }),
    Min(doc.minimum),
    ...(max === undefined ? [] : [Max(max)]),
  );
}

/** `page` of a paged list: from 1 (default) to `max`, a bound the document leaves open. */
export const PageQuery = (max: number, message?: string) => IntQuery({ minimum: 1, default: 1 }, { max, message });

/** `per_page` of a paged list: 1 to 100, 20 by default. */
export const PerPageQuery = (message?: string) => IntQuery({ minimum: 1, maximum: 100, default: 20 }, { message });

/** A list of some of `values`: at least one, each at most once in number (`IsIn` each). */
export const SomeOf = (values: readonly string[]) =>
  stacked(IsArray(), ArrayMinSize(1), ArrayMaxSize(values.length), IsIn(values, { each: true }));

/**
 * The answer of a paged list: `ok`, the page's `Item`s under `items` (`short_links`, `members`, …), then `page`,
 * `per_page` and `total`, in that order in the schema.
 */
export function PagedResponse<K extends string, T>(items: K, item: Class<T>) {
  class Page {
    @OkTrue() ok!: true;
  }
  ApiProperty({ type: [item] })(Page.prototype, items);
  class Paged extends Page {
    @ApiProperty() page!: number;
    @ApiProperty() per_page!: number;
    @ApiProperty() total!: number;
  }
  return Paged as Class<Paged & Record<K, T[]>>;
}

/** An optional text of at most `max` characters, documented with `doc` (a form's field has none). */
export const OptionalText = (max: number, doc?: ApiPropertyOptions) =>
  stacked(...(doc ? [ApiPropertyOptional(doc)] : []), IsOptional(), IsString(), MaxLength(max));
