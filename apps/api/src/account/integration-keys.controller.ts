import { Body, Delete, Get, Param, Post } from '@nestjs/common';
import { CurrentMember } from '@app/auth';
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
import { SessionController, SessionRead, SessionWrite } from '../session-routes.decorator';

/** Keys per integration: named key/token pairs with scopes, an optional expiry and IP allow-list (session + CSRF). */
@SessionController('account/keys')
export class IntegrationKeysController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post()
  @Idempotent()
  @SessionWrite({
    operationId: 'createIntegrationKey',
    summary: 'A new key per integration',
    description:
      'A named key/token pair beside your main pair, limited to `scopes` (a call outside them: 403 ' +
      '`insufficient_scope`), optionally until `expires_at` and to `allowed_ips`. The token is in this answer only.',
    ok: { status: 201, type: CreatedIntegrationKeyDto },
    errors: {
      400: 'invalid_request (name, scopes, expires_at, allowed_ips)',
      403: 'csrf_failed',
      429: 'quota_exceeded: too many keys',
    },
  })
  async create(@CurrentMember() member: Member, @Body() body: CreateIntegrationKeyDto) {
    const made = await this.credentials.createKey(member.id, integrationKeyInput(body));
    return { ok: true as const, key: made.key, api_key: made.apiKey, api_token: made.apiToken };
  }

  @Get()
  @SessionRead({
    operationId: 'listIntegrationKeys',
    summary: 'Your keys per integration that still work',
    ok: { type: IntegrationKeysDto },
  })
  async list(@CurrentMember() member: Member) {
    return { ok: true as const, keys: await this.credentials.listKeys(member.id) };
  }

  @Delete(':id')
  @SessionWrite({
    operationId: 'revokeIntegrationKey',
    summary: 'Revoke a key per integration now (every instance)',
    ok: { type: OkDto },
    errors: { 403: 'csrf_failed', 404: 'not_found' },
  })
  async revoke(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.credentials.revokeKey(member.id, id);
    return { ok: true as const };
  }
}
