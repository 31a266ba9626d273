import { applyDecorators, Body, Controller, Delete, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Audited } from '@app/audit';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import { Idempotent } from '@app/idempotency';
import { WebhookDispatcher, WebhookEndpointsService } from '@app/webhooks';
import { OkDto } from '../account/account-responses.dto';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';
import { ApiRoute, type ApiRouteOptions } from '../api-route.decorator';
import {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  DeliveriesQueryDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveriesDto,
  WebhookEndpointResponseDto,
  WebhookEndpointsDto,
  WebhookTestDto,
} from './webhooks.dto';

/**
 * What every webhook route is: a partner server's call (key + token), with the webhooks scope. Its own answers are
 * said first: a 429 of its own comes before the rate limits' in the document.
 */
const WebhookRoute = (route: ApiRouteOptions) =>
  applyDecorators(ApiRoute(route), KeyAndTokenRoute(), RequiresScope('webhooks:write'));

const ENDPOINT_NOT_FOUND = 'not_found: no such endpoint of yours';

/** The member's webhook endpoints and their delivery logs (docs/api.md, "Webhooks"). */
@ApiTags('webhooks')
@Audited()
@Controller('api/webhooks/endpoints')
export class WebhooksController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  @Post()
  @Idempotent()
  @WebhookRoute({
    operationId: 'createWebhookEndpoint',
    summary: 'Add a webhook endpoint',
    description:
      'The events are POSTed to `url`, signed as the Standard Webhooks specification says with the `secret` of ' +
      'the answer, which is shown this once. The URL must reach a public address (no loopback or private one).',
    ok: { status: 201, type: CreatedWebhookEndpointDto },
    errors: { 400: 'invalid_request (url, events)', 429: 'quota_exceeded: too many endpoints' },
  })
  async create(@Req() req: AuthenticatedRequest, @Body() body: CreateWebhookEndpointDto) {
    const { secret, ...endpoint } = await this.endpoints.create(req.principal.memberId, body);
    return { ok: true as const, endpoint, secret };
  }

  @Get()
  @WebhookRoute({
    operationId: 'listWebhookEndpoints',
    summary: 'Your webhook endpoints (without their secrets)',
    ok: { type: WebhookEndpointsDto },
  })
  async list(@Req() req: AuthenticatedRequest) {
    return { ok: true as const, endpoints: await this.endpoints.list(req.principal.memberId) };
  }

  @Get(':id')
  @WebhookRoute({
    operationId: 'getWebhookEndpoint',
    summary: 'One webhook endpoint',
    ok: { type: WebhookEndpointResponseDto },
    errors: { 404: ENDPOINT_NOT_FOUND },
  })
  async get(@Req() req: AuthenticatedRequest, @Param('id') id: string) {
    return { ok: true as const, endpoint: await this.endpoints.get(req.principal.memberId, id) };
  }

  @Patch(':id')
  @WebhookRoute({
    operationId: 'updateWebhookEndpoint',
    summary: 'Change a webhook endpoint, or turn it on or off',
    ok: { type: WebhookEndpointResponseDto },
    errors: { 400: 'invalid_request', 404: ENDPOINT_NOT_FOUND },
  })
  async update(@Req() req: AuthenticatedRequest, @Param('id') id: string, @Body() body: UpdateWebhookEndpointDto) {
    return { ok: true as const, endpoint: await this.endpoints.update(req.principal.memberId, id, body) };
  }

  @Delete(':id')
  @WebhookRoute({
    operationId: 'deleteWebhookEndpoint',
    summary: 'Remove a webhook endpoint and its delivery log',
    ok: { type: OkDto },
    errors: { 404: ENDPOINT_NOT_FOUND },
  })
  async remove(@Req() req: AuthenticatedRequest, @Param('id') id: string) {
    await this.endpoints.remove(req.principal.memberId, id);
    return { ok: true as const };
  }

  @Get(':id/deliveries')
  @WebhookRoute({
    operationId: 'listWebhookDeliveries',
    summary: "An endpoint's delivery log",
    description: 'Newest first: the event, its attempts, the last status code and latency, the body sent.',
    ok: { type: WebhookDeliveriesDto },
    errors: { 404: ENDPOINT_NOT_FOUND },
  })
  async deliveries(@Req() req: AuthenticatedRequest, @Param('id') id: string, @Query() query: DeliveriesQueryDto) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const found = await this.endpoints.deliveries(req.principal.memberId, id, page, perPage);
    return { ok: true as const, ...found, page, per_page: perPage };
  }

  @Post(':id/deliveries/:delivery/redeliver')
  @WebhookRoute({
    operationId: 'redeliverWebhook',
    summary: 'Send a delivery again now',
    description:
      'The same body and `webhook-id` (a receiver that kept the id ignores it if it already has it). A retry the ' +
      'queue held for later is replaced by this attempt.',
    ok: { status: 202, type: OkDto },
    errors: { 404: 'not_found', 409: 'conflict: an attempt of this delivery is under way' },
  })
  async redeliver(@Req() req: AuthenticatedRequest, @Param('id') id: string, @Param('delivery') delivery: string) {
    await this.endpoints.get(req.principal.memberId, id);
    await this.dispatcher.redeliver(req.principal.memberId, id, delivery);
    return { ok: true as const };
  }

  @Post(':id/test')
  @WebhookRoute({
    operationId: 'testWebhookEndpoint',
    summary: 'Send a test event (`webhook.test`) to the endpoint',
    ok: { status: 202, type: WebhookTestDto },
    errors: { 404: ENDPOINT_NOT_FOUND },
  })
  async test(@Req() req: AuthenticatedRequest, @Param('id') id: string) {
    await this.endpoints.get(req.principal.memberId, id);
    return { ok: true as const, delivery_id: await this.dispatcher.sendTest(req.principal.memberId, id) };
  }
}
