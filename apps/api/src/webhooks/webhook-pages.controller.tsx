import { Body, Controller, Param, Query } from '@nestjs/common';
import { Audited } from '@app/audit';
import { CurrentMember, SignedIn } from '@app/auth';
import type { Member } from '@app/members';
import { WebhookDispatcher, WebhookEndpointsService } from '@app/webhooks';
import { listOf, orFieldErrors } from '../pages/form-values';
import { accountPage } from '../pages/frames';
import { HtmlGet, HtmlPost, PagesController } from '../pages/page.decorators';
import { Viewer } from '../pages/viewer.decorator';
import { validated } from '../validation';
import { DeliveryLogSection } from '../views/account/webhook-deliveries';
import { type EndpointFormValues, WebhooksSection, type WebhooksState } from '../views/account/webhooks';
import type { StatusMessage } from '../views/components';
import { renderPartial } from '../views/render';
import { EndpointFormDto } from './webhook-pages.dto';
import { CreateWebhookEndpointDto, DeliveriesQueryDto, UpdateWebhookEndpointDto } from './webhooks.dto';

const DELIVERIES_PER_PAGE = 20;

function formValues(form: EndpointFormDto): EndpointFormValues {
  return { url: (form.url ?? '').trim(), events: listOf(form.events) };
}

/**
 * The "Webhooks" page (`/dashboard/webhooks`) and each endpoint's delivery log: the member's endpoints added,
 * changed, turned on or off, tested and deleted with the session, through the API's checks (its DTOs) and the same
 * services as `/api/webhooks/endpoints`.
 */
@PagesController()
@Audited()
@Controller('dashboard/webhooks')
@SignedIn()
export class WebhookPagesController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  private async section(member: Member, extra: Partial<WebhooksState> = {}) {
    return <WebhooksSection state={{ endpoints: await this.endpoints.list(member.id), ...extra }} />;
  }

  private async log(member: Member, id: string, page: number, status?: StatusMessage) {
    const [endpoint, found] = await Promise.all([
      this.endpoints.get(member.id, id),
      this.endpoints.deliveries(member.id, id, page, DELIVERIES_PER_PAGE),
    ]);
    return <DeliveryLogSection log={{ endpoint, ...found, page, perPage: DELIVERIES_PER_PAGE, status }} />;
  }

  @HtmlGet()
  async page(@CurrentMember() member: Member, @Viewer() viewer: Viewer) {
    return accountPage(viewer, 'webhooks', await this.section(member));
  }

  /** Adds an endpoint: its signing secret shown once; a refused field comes back beside it. */
  @HtmlPost()
  async create(@CurrentMember() member: Member, @Body() form: EndpointFormDto) {
    const values = formValues(form);
    return orFieldErrors(
      async () => {
        const body = await validated(CreateWebhookEndpointDto, values);
        const { secret, url } = await this.endpoints.create(member.id, body);
        return renderPartial(await this.section(member, { made: { url, secret } }));
      },
      async (errors) => renderPartial(await this.section(member, { form: values, errors })),
    );
  }

  @HtmlPost(':id')
  async update(@CurrentMember() member: Member, @Param('id') id: string, @Body() form: EndpointFormDto) {
    const values = formValues(form);
    return orFieldErrors(
      async () => {
        await this.endpoints.update(member.id, id, await validated(UpdateWebhookEndpointDto, values));
        return renderPartial(await this.section(member, { status: { kind: 'ok', text: 'Endpoint saved.' } }));
      },
      async (errors) => renderPartial(await this.section(member, { editing: { id, form: values, errors } })),
    );
  }

  @HtmlPost(':id/enable')
  async enable(@CurrentMember() member: Member, @Param('id') id: string) {
    const endpoint = await this.endpoints.update(member.id, id, { enabled: true });
    return renderPartial(await this.section(member, { status: { kind: 'ok', text: `${endpoint.url} enabled.` } }));
  }

  @HtmlPost(':id/disable')
  async disable(@CurrentMember() member: Member, @Param('id') id: string) {
    const endpoint = await this.endpoints.update(member.id, id, { enabled: false });
    return renderPartial(await this.section(member, { status: { kind: 'ok', text: `${endpoint.url} disabled.` } }));
  }

  @HtmlPost(':id/delete')
  async remove(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.endpoints.remove(member.id, id);
    return renderPartial(await this.section(member, { status: { kind: 'ok', text: 'Endpoint deleted.' } }));
  }

  @HtmlPost(':id/test')
  async test(@CurrentMember() member: Member, @Param('id') id: string) {
    const endpoint = await this.endpoints.get(member.id, id);
    await this.dispatcher.sendTest(member.id, id);
    const text = `Test event sent to ${endpoint.url}: see its delivery log.`;
    return renderPartial(await this.section(member, { status: { kind: 'ok', text } }));
  }

  @HtmlGet(':id/deliveries')
  async deliveries(
    @CurrentMember() member: Member,
    @Viewer() viewer: Viewer,
    @Param('id') id: string,
    @Query() query: DeliveriesQueryDto,
  ) {
    return accountPage(viewer, 'webhooks', await this.log(member, id, query.page ?? 1), {
      title: 'Delivery log · Webhooks',
    });
  }

  @HtmlPost(':id/deliveries/:delivery/redeliver')
  async redeliver(@CurrentMember() member: Member, @Param('id') id: string, @Param('delivery') delivery: string) {
    await this.endpoints.get(member.id, id);
    await this.dispatcher.redeliver(member.id, id, delivery);
    return renderPartial(await this.log(member, id, 1, { kind: 'ok', text: 'Sent again: see its attempts below.' }));
  }
}
