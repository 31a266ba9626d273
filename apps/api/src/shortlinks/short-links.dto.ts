import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CODE_SHAPE } from '@app/shortlinks';

export class ShortLinksQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  per_page?: number;
}

export class ClicksQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 90, default: 30, description: 'How many days back, today included' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(90)
  days?: number;

  @ApiPropertyOptional({ description: 'Only this link: its code (with `domain` for a custom-domain link)' })
  @IsOptional()
  @IsString()
  @Matches(CODE_SHAPE, { message: 'code must be 1 to 32 letters or digits' })
  code?: string;

  @ApiPropertyOptional({ description: 'With `code`: the custom domain of the link (absent: our short domain)' })
  @IsOptional()
  @IsString()
  @MaxLength(253)
  domain?: string;

  @ApiPropertyOptional({ description: 'Only the links made with these sub ids (joined with `-`; empty: none)' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  sub_id?: string;
}

export class AddDomainDto {
  @ApiProperty({ example: 'go.example.com', description: 'A host name you control (a subdomain is best)' })
  @IsString()
  @MaxLength(300)
  domain!: string;
}
