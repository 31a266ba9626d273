import { Body, Delete, Get, Header, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CurrentMember } from '@app/auth';
import { ErrorResponseDto } from '@app/common';
import { CredentialsService } from '@app/credentials';
import { Idempotent } from '@app/idempotency';
import type { Member } from '@app/members';
import { OkDto } from './account-responses.dto';
import {
  CreatedIntegrationKeyDto,
  CreateIntegrationKeyDto,
  integrationKeyInput,
  IntegrationKeysDto,
} from './integration-keys.dto';
import { ApiCsrfHeader, SessionController } from '../session-routes.decorator';

/** Keys per integration: named key/token pairs with scopes, an optional expiry and IP allow-list (session + CSRF). */
@SessionController('account/keys')
export class IntegrationKeysController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @Idempotent()
  @ApiCsrfHeader()
  @ApiOperation({
    operationId: 'createIntegrationKey',
    summary: 'A new key per integration',
    description:
      'A named key/token pair beside your main pair, limited to `scopes` (a call outside them: 403 ' +
      '`insufficient_scope`), optionally until `expires_at` and to `allowed_ips`. The token is in this answer only.',
  })
  @ApiCreatedResponse({ type: CreatedIntegrationKeyDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'invalid_request (name, scopes, expires_at, allowed_ips)',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'csrf_failed' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'quota_exceeded: too many keys' })
  async create(@CurrentMember() member: Member, @Body() body: CreateIntegrationKeyDto) {
    const made = await this.credentials.createKey(member.id, integrationKeyInput(body));
    return { ok: true as const, key: made.key, api_key: made.apiKey, api_token: made.apiToken };
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'listIntegrationKeys', summary: 'Your keys per integration that still work' })
  @ApiOkResponse({ type: IntegrationKeysDto })
  async list(@CurrentMember() member: Member) {
    return { ok: true as const, keys: await this.credentials.listKeys(member.id) };
  }

  @Delete(':id')
  @Header('Cache-Control', 'no-store')
  @ApiCsrfHeader()
  @ApiOperation({ operationId: 'revokeIntegrationKey', summary: 'Revoke a key per integration now (every instance)' })
  @ApiOkResponse({ type: OkDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'csrf_failed' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'not_found' })
  async revoke(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.credentials.revokeKey(member.id, id);
    return { ok: true as const };
  }
}
