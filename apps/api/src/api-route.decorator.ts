import { applyDecorators, HttpCode } from '@nestjs/common';
import { ApiOperation, type ApiOperationOptions, ApiResponse, type ApiResponseMetadata } from '@nestjs/swagger';
import { ErrorResponseDto } from '@app/common';

/** The error statuses a route documents itself (its guards' 401, 403 and 429 come from their own decorators). */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** An error answer: the codes it stands for, in words (`openApiDocument` makes their examples), or with headers. */
type ErrorAnswer = string | Omit<ApiResponseMetadata, 'type'>;

export interface ApiRouteOptions extends ApiOperationOptions {
  /** The success answer; its status (200 unless said) is also the one the route answers with. */
  ok: ApiResponseMetadata & { status?: 200 | 201 | 202 };
  /** The route's own error answers by status, each an `ErrorResponseDto`. */
  errors?: Partial<Record<ErrorStatus, ErrorAnswer>>;
}

/**
 * A JSON route's operation in the OpenAPI document (`operationId`, `summary`, …) with its answers: the success one,
 * whose status the route answers with, and its own errors. Its guards' answers come from the controller's or the
 * route's decorator (`SessionController`, `AdminController`, `KeyAndTokenRoute`).
 */
export function ApiRoute({ ok, errors = {}, ...operation }: ApiRouteOptions): MethodDecorator {
  const { status = 200, ...answer } = ok;
  return applyDecorators(
    HttpCode(status),
    ApiOperation(operation),
    ApiResponse({ ...answer, status }),
    ...Object.entries(errors).map(([code, error]: [string, ErrorAnswer]) =>
      ApiResponse({
        status: Number(code),
        type: ErrorResponseDto,
        ...(typeof error === 'string' ? { description: error } : error),
      }),
    ),
  );
}
