import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MEMBER_PLANS, MEMBER_ROLES } from '@app/members';
import { OptionalText } from '../dto-fields';

/** A confirmed change on the member page: one of role, plan or disabled, as the dialog's form posts it. */
export class MemberChangeFormDto {
  @IsOptional()
  @IsIn(MEMBER_ROLES)
  role?: string;

  @IsOptional()
  @IsIn(MEMBER_PLANS)
  plan?: string;

  @IsOptional()
  @IsIn(['true', 'false'])
  disabled?: string;
}

export class BanLiftFormDto {
  @IsString()
  @MaxLength(64)
  ip!: string;
}

export class BansPageQueryDto {
  @OptionalText(64)
  ip?: string;

  @IsOptional()
  @Matches(/^[1-9][0-9]{0,18}$/, { message: 'cursor must be a next_cursor value' })
  cursor?: string;
}
