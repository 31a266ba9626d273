import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { AUDIT_ACTION_NAMES } from '@app/audit';
import { OkTrue } from '@app/common';
import { IntQuery, OptionalText } from '../dto-fields';

export class AuditQueryDto {
  @IntQuery({ minimum: 1, maximum: 100, default: 20, description: 'Entries per page' })
  limit?: number;

  @OptionalText(200, { description: 'The `next_cursor` of the previous page; absent: the newest entries' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor must be a next_cursor value' })
  cursor?: string;
}

export class AuditEntryDto {
  @ApiProperty({ example: '1042' }) id!: string;
  @ApiProperty({ format: 'uuid' }) member_id!: string;
  @ApiProperty({
    enum: ['member', 'admin', 'system'],
    description: 'The member (session or key), an admin acting on the account, or the service (an endpoint turned off)',
  })
  actor!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) actor_id!: string | null;
  @ApiProperty({ enum: AUDIT_ACTION_NAMES, example: 'key.created' }) action!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'What it was done to: a key or endpoint id, a key preview; null for the account itself',
  })
  target!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Names and ids only (scopes, the settings saved, the endpoint URL without its query): never a value',
    example: { name: 'ERP sync', key_preview: 'sk_live_ab12…', scopes: ['analytics:read'] },
  })
  details!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' }) ip!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'Firefox 133 on Linux' }) user_agent!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class AuditPageDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [AuditEntryDto] }) entries!: AuditEntryDto[];
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as `cursor` for the next (older) page; null at the end',
  })
  next_cursor!: string | null;
}
