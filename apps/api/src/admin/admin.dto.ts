import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MEMBER_PLANS, MEMBER_ROLES, type MemberPlan, type MemberRole } from '@app/members';

export class AdminMembersQueryDto {
  @ApiPropertyOptional({ description: 'Part of the email address (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(1_000_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be a whole number' })
  @Min(1)
  @Max(100)
  per_page?: number;
}

export class AdminMemberPatchDto {
  @ApiPropertyOptional({ enum: MEMBER_PLANS })
  @IsOptional()
  @IsIn(MEMBER_PLANS)
  plan?: MemberPlan;

  @ApiPropertyOptional({ enum: MEMBER_ROLES })
  @IsOptional()
  @IsIn(MEMBER_ROLES)
  role?: MemberRole;

  @ApiPropertyOptional({
    description: 'true disables the member now: API credentials stop working and every session ends',
  })
  @IsOptional()
  @IsBoolean()
  disabled?: boolean;
}
