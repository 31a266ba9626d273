import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { OkTrue } from '@app/common';
import { ABUSE_EVENT_TYPES, type AbuseEventType } from '../abuse.constants';

const CURSOR_SHAPE = /^[1-9][0-9]{0,18}$/;

/** An empty query parameter (a blank field of the admin page's filter form) means "no filter". */
const EmptyAsUnset = () => Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

class PageQuery {
  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @EmptyAsUnset()
  @IsOptional()
  @Matches(CURSOR_SHAPE, { message: 'cursor must be a next_cursor value' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @EmptyAsUnset()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}

export class AbuseEventsQueryDto extends PageQuery {
  @ApiPropertyOptional({ description: 'An IP address or IPv6 /64; IPv6 addresses match their whole /64' })
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ip?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @EmptyAsUnset()
  @IsOptional()
  @IsUUID()
  member_id?: string;

  @ApiPropertyOptional({ enum: ABUSE_EVENT_TYPES })
  @EmptyAsUnset()
  @IsOptional()
  @IsIn(ABUSE_EVENT_TYPES, { message: `type must be one of: ${ABUSE_EVENT_TYPES.join(', ')}` })
  type?: AbuseEventType;

  @ApiPropertyOptional({ description: 'ISO 8601; events at or after it', example: '2026-01-01T00:00:00Z' })
  @EmptyAsUnset()
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; events before it' })
  @EmptyAsUnset()
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}

export const BAN_STATUSES = ['active', 'all'] as const;

export class AbuseBansQueryDto extends PageQuery {
  @ApiPropertyOptional({ description: 'An IP address or IPv6 /64' })
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ip?: string;

  @ApiPropertyOptional({ enum: BAN_STATUSES, default: 'active', description: '`all` includes ended and lifted bans' })
  @EmptyAsUnset()
  @IsOptional()
  @IsIn(BAN_STATUSES)
  status?: (typeof BAN_STATUSES)[number];
}

export class AbuseEventDto {
  @ApiProperty({ example: '1042' }) id!: string;
  @ApiProperty({ enum: ABUSE_EVENT_TYPES }) type!: AbuseEventType;
  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' }) ip!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) member_id!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'sk_AbCd…wXyZ' }) key_preview!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class AbuseEventsPageDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [AbuseEventDto] }) events!: AbuseEventDto[];
  @ApiProperty({ nullable: true, type: String, description: 'Pass as `cursor` for the next (older) page' })
  next_cursor!: string | null;
}

export class IpBanDto {
  @ApiProperty({ example: '17' }) id!: string;
  @ApiProperty({ example: '2001:db8:1:2::/64' }) ip!: string;
  @ApiProperty({ description: '0 for a first ban; each level doubles the duration' }) level!: number;
  @ApiProperty() duration_seconds!: number;
  @ApiProperty() failures!: number;
  @ApiProperty({ format: 'date-time' }) banned_at!: string;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) lifted_at!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) lifted_by!: string | null;
  @ApiProperty() active!: boolean;
}

export class IpBansPageDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [IpBanDto] }) bans!: IpBanDto[];
  @ApiProperty({ nullable: true, type: String }) next_cursor!: string | null;
}

export class LiftBanResponseDto {
  @OkTrue() ok!: true;
  @ApiProperty({ example: '203.0.113.7' }) ip!: string;
  @ApiProperty({ type: [IpBanDto] }) lifted!: IpBanDto[];
}
