import { IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalText } from '../dto-fields';

/**
 * The "Webhooks" forms as htmx posts them (the events a list when more than one is ticked). The page turns them
 * into the API's `CreateWebhookEndpointDto` / `UpdateWebhookEndpointDto` and checks them with the app's own pipe.
 */
export class EndpointFormDto {
  @OptionalText(4096) url?: string;
  @IsOptional() @IsString({ each: true }) @MaxLength(64, { each: true }) events?: string | string[];
}
