import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { IsIpList, OkTrue } from '@app/common';
import { type IntegrationKeyInput, SCOPES, type Scope } from '@app/credentials';
import { SomeOf } from '../dto-fields';

export class CreateIntegrationKeyDto {
  @ApiProperty({ example: 'ERP order sync', maxLength: 100 })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: ['analytics:read', 'webhooks:write'] })
  @SomeOf(SCOPES)
  scopes!: Scope[];

  @ApiPropertyOptional({ format: 'date-time', description: 'When the key stops working (absent: never)' })
  @IsOptional()
  @IsDateString({ strict: true })
  expires_at?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['203.0.113.0/24', '2001:db8::/48'],
    description: 'Client addresses (CIDR or single) the key may be used from; absent or empty: any',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Matches(/^[0-9a-fA-F:./]+$/, { each: true, message: 'allowed_ips must be addresses or CIDR ranges' })
  @IsIpList({ each: true, message: 'allowed_ips must be addresses or CIDR ranges' })
  allowed_ips?: string[];
}

/** The body as the service takes it (the API's route and the account page both make keys through this). */
export function integrationKeyInput(body: CreateIntegrationKeyDto): IntegrationKeyInput {
  return {
    name: body.name,
    scopes: body.scopes,
    expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    allowedIps: body.allowed_ips,
  };
}

export class IntegrationKeyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sk_AbCd…wXyZ' }) key_preview!: string;
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes!: string[];
  @ApiProperty({ type: [String] }) allowed_ips!: string[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expires_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class IntegrationKeysDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [IntegrationKeyDto] }) keys!: IntegrationKeyDto[];
}

export class CreatedIntegrationKeyDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: IntegrationKeyDto }) key!: IntegrationKeyDto;
  @ApiProperty({ example: 'sk_…' }) api_key!: string;
  @ApiProperty({ example: 'tok_…', description: 'Shown this once: stored as a keyed hash' }) api_token!: string;
}
