import { Body, Controller, Param } from '@nestjs/common';
import { Audited } from '@app/audit';
import { CurrentMember, SignedIn } from '@app/auth';
import { CredentialsService } from '@app/credentials';
import type { Member } from '@app/members';
import { listOf, orFieldErrors } from '../pages/form-values';
import { accountPage } from '../pages/frames';
import { HtmlGet, HtmlPost, PagesController } from '../pages/page.decorators';
import { Viewer } from '../pages/viewer.decorator';
import { validated } from '../validation';
import {
  EMPTY_KEY_FORM,
  IntegrationKeysSection,
  type IntegrationKeysState,
  type KeyFormValues,
} from '../views/account/integration-keys';
import { renderPartial } from '../views/render';
import { KeyCreateFormDto } from './integration-key-pages.dto';
import { CreateIntegrationKeyDto, integrationKeyInput } from './integration-keys.dto';

/** A typed list of addresses ("203.0.113.0/24, 2001:db8::/48" or one a line) as the API's array. */
function addressList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The "Integration keys" page (`/dashboard/integration-keys`): the member's keys per integration beside the main
 * pair, made and revoked with the session, through the same checks (`CreateIntegrationKeyDto`) and the same
 * service as `POST /account/keys`.
 */
@PagesController()
@Audited()
@Controller('dashboard/integration-keys')
@SignedIn()
export class IntegrationKeyPagesController {
  constructor(private readonly credentials: CredentialsService) {}

  private async section(member: Member, extra: Partial<IntegrationKeysState> = {}) {
    const [summary, keys] = await Promise.all([
      this.credentials.summary(member.id),
      this.credentials.listKeys(member.id),
    ]);
    const main = summary.current
      ? { key_preview: summary.current.keyPreview, created_at: summary.current.createdAt }
      : null;
    return <IntegrationKeysSection state={{ main, keys, ...extra }} />;
  }

  @HtmlGet()
  async page(@CurrentMember() member: Member, @Viewer() viewer: Viewer) {
    return accountPage(viewer, 'integration-keys', await this.section(member));
  }

  /** Makes a key: its pair shown once; a refused field comes back beside it, with what was typed. */
  @HtmlPost()
  async create(@CurrentMember() member: Member, @Body() form: KeyCreateFormDto) {
    const values: KeyFormValues = {
      ...EMPTY_KEY_FORM,
      name: form.name ?? '',
      scopes: listOf(form.scopes),
      expires_on: (form.expires_on ?? '').trim(),
      allowed_ips: form.allowed_ips ?? '',
    };
    const ips = addressList(values.allowed_ips);
    const expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(values.expires_on)
      ? `${values.expires_on}T00:00:00.000Z`
      : values.expires_on;
    return orFieldErrors(
      async () => {
        const body = await validated(CreateIntegrationKeyDto, {
          name: values.name.trim(),
          scopes: values.scopes,
          ...(expiresAt ? { expires_at: expiresAt } : {}),
          ...(ips.length > 0 ? { allowed_ips: ips } : {}),
        });
        const made = await this.credentials.createKey(member.id, integrationKeyInput(body));
        const shown = { name: made.key.name, apiKey: made.apiKey, apiToken: made.apiToken };
        return renderPartial(await this.section(member, { made: shown }));
      },
      async (errors) => renderPartial(await this.section(member, { form: values, errors })),
    );
  }

  @HtmlPost(':id/revoke')
  async revoke(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.credentials.revokeKey(member.id, id);
    return renderPartial(await this.section(member, { status: { kind: 'ok', text: 'Key revoked.' } }));
  }
}
