import { IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalText } from '../dto-fields';

/**
 * The "Integration keys" form as htmx posts it (every value a string; the scopes a list when more than one is
 * ticked). The page turns it into the API's `CreateIntegrationKeyDto` and checks it with the app's own pipe.
 */
export class KeyCreateFormDto {
  @OptionalText(600) name?: string;
  @IsOptional() @IsString({ each: true }) @MaxLength(64, { each: true }) scopes?: string | string[];
  @OptionalText(40) expires_on?: string;
  @OptionalText(4000) allowed_ips?: string;
}
