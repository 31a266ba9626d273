import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '@app/auth';
import { ERROR_CODES, type ErrorCode, errorExample, statusForCode } from '@app/common';

type ResponseObject = {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string }; examples?: unknown }>;
};

const ERROR_SCHEMA = '#/components/schemas/ErrorResponseDto';

/**
 * The error codes an error response stands for: those its description names (every route's decorators name them,
 * e.g. "invalid_request or invalid_mode"), kept only when their status is the response's; none named: every code
 * of that status.
 */
export function errorCodesOf(status: number, description = ''): ErrorCode[] {
  const ofStatus = ERROR_CODES.filter((code) => statusForCode(code) === status);
  const named = ofStatus.filter((code) => new RegExp(`\\b${code}\\b`).test(description));
  return named.length > 0 ? named : ofStatus;
}

/** Each error response gets one example envelope per code it stands for (`errorExample`, from the one code list). */
function addErrorExamples(document: OpenAPIObject): void {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations) as Array<{ responses?: Record<string, ResponseObject> }>) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (!media || media.schema?.$ref !== ERROR_SCHEMA) continue;
        const codes = errorCodesOf(Number(status), response.description);
        media.examples = Object.fromEntries(codes.map((code) => [code, { summary: code, value: errorExample(code) }]));
      }
    }
  }
}

/**
 * The OpenAPI document of the api, served at /docs/openapi.json and linted in CI (`npm run lint:openapi`): the
 * operationIds are the ones each route names (`convert`, `getAccount`, …; else its method name), the API key and
 * token are one security requirement (both headers), and every error response carries an example per code.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Link Conversion API')
      .setDescription(
        'Converts every marketplace link in a text into an affiliate link, a short link, or the clean original ' +
          'link. Errors always come as `{ ok: false, error: { code, message }, request_id }`; a success has ' +
          '`ok: true`. The account and ' +
          'admin routes use the session cookie and need the `X-CSRF-Token` header on every POST/PATCH. API calls are ' +
          'rate-limited per API key and per member (`RateLimit-Policy` and `RateLimit` headers, ' +
          'draft-ietf-httpapi-ratelimit-headers-10; 429 `rate_limited` with `Retry-After`), and an IP that sends ' +
          'too many wrong credentials is banned for a while (403 `ip_blocked` with `Retry-After`).',
      )
      .setVersion('1')
      .setLicense('Proprietary: all rights reserved', 'https://linkconv.example/terms')
      .addServer('/', 'The server that serves this document')
      .addApiKey(
        { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'sk_… (from the account area or the CLI)' },
        'api-key',
      )
      .addApiKey(
        { type: 'apiKey', in: 'header', name: 'X-API-Token', description: 'tok_… (shown once when the pair is made)' },
        'api-token',
      )
      .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, 'session')
      // One requirement with both schemes: the key AND the token (two requirements would mean either one).
      .addSecurityRequirements({ 'api-key': [], 'api-token': [] })
      .build(),
    { operationIdFactory: (_controller, method) => method },
  );
  addErrorExamples(document);
  return document;
}
