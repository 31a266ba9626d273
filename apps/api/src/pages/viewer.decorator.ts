import { createParamDecorator, type ExecutionContext, Injectable, type PipeTransform } from '@nestjs/common';
import { type MemberRequest, SessionsService } from '@app/auth';
import { WebhookEndpointsService } from '@app/webhooks';
import type { Viewer as ViewerView } from '../views/viewer';

/** The signed-in request itself, for `ViewerPipe` (a param decorator cannot reach a service; a pipe can). */
const SignedInRequest = createParamDecorator((_data: unknown, context: ExecutionContext): MemberRequest =>
  context.switchToHttp().getRequest<MemberRequest>(),
);

/**
 * The viewer of a signed-in request: the member `SessionAuthGuard` loaded, their session's CSRF token and their
 * webhook endpoints turned off after failing (the account frame's notice). A module whose pages take `@Viewer()`
 * imports `ViewerModule` for them (or, using them itself, `AuthModule` and `WebhooksModule`).
 */
@Injectable()
export class ViewerPipe implements PipeTransform<MemberRequest, Promise<ViewerView>> {
  constructor(
    private readonly sessions: SessionsService,
    private readonly webhooks: WebhookEndpointsService,
  ) {}

  async transform(req: MemberRequest): Promise<ViewerView> {
    const [csrfToken, disabledWebhooks] = await Promise.all([
      this.sessions.csrfToken(req),
      this.webhooks.disabled(req.member.id),
    ]);
    return { email: req.member.email, role: req.member.role, csrfToken, disabledWebhooks };
  }
}

/**
 * `@Viewer() viewer: Viewer`: who is looking at a page of the account area or the console (behind `@SignedIn()` or
 * `@AdminOnly()`), as the page frame shows them. The one place the viewer is assembled.
 */
export type Viewer = ViewerView;
export const Viewer = (): ParameterDecorator => SignedInRequest(ViewerPipe);
