import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { OkTrue } from '@app/common';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@app/webhooks';
import { ShortLinksQueryDto } from '../shortlinks/short-links.dto';
import { OptionalText, PagedResponse, SomeOf } from '../dto-fields';

export class CreateWebhookEndpointDto {
  @ApiProperty({ example: 'https://partner.example.com/hooks/linkconv', description: 'Where the events are POSTed' })
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['order.created', 'order.updated'] })
  @SomeOf(WEBHOOK_EVENTS)
  events!: WebhookEvent[];

  @OptionalText(200, { maxLength: 200, example: 'Order sync to our ERP' })
  description?: string;
}

export class UpdateWebhookEndpointDto {
  @OptionalText(2048, { example: 'https://partner.example.com/hooks/linkconv' })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptional()
  @SomeOf(WEBHOOK_EVENTS)
  events?: WebhookEvent[];

  @OptionalText(200, { maxLength: 200 })
  description?: string;

  @ApiPropertyOptional({ description: '`true` turns a disabled endpoint back on; `false` pauses it' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `page` and `per_page` (1 to 100, default 20), as the short links' list takes them. */
export class DeliveriesQueryDto extends ShortLinksQueryDto {}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
  @ApiProperty() description!: string;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why it was disabled (after failing for days)' })
  disabled_reason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Failing without a success since' })
  failing_since!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class WebhookEndpointResponseDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
}

export class CreatedWebhookEndpointDto extends WebhookEndpointResponseDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret (Standard Webhooks), shown this once: keep it to verify the signatures',
  })
  secret!: string;
}

export class WebhookEndpointsDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [WebhookEndpointDto] }) endpoints!: WebhookEndpointDto[];
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'The `webhook-id` header of every attempt', example: 'msg_…' }) message_id!: string;
  @ApiProperty({ example: 'order.updated' }) event!: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: Number, nullable: true }) last_status_code!: number | null;
  @ApiProperty({ type: Number, nullable: true }) last_latency_ms!: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) first_attempt_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_attempt_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at!: string | null;
  @ApiProperty({ description: 'The body sent, exactly' }) payload!: string;
}

export class WebhookDeliveriesDto extends PagedResponse('deliveries', WebhookDeliveryDto) {}

export class WebhookTestDto {
  @OkTrue() ok!: true;
  @ApiProperty({ format: 'uuid', description: 'The delivery of the test event (see the delivery log)' })
  delivery_id!: string;
}
