import { Controller, Header, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import {
  ApiThrottlerGuard,
  IpBanGuard,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from '@app/abuse';
import {
  analyticsConfig,
  type ImportOptions,
  type ImportSummary,
  isSupportedUploadEncoding,
  OrderImportService,
  type ReportUpload,
} from '@app/analytics';
import { CurrentMember, SignedIn } from '@app/auth';
import { AppException, ErrorResponseDto } from '@app/common';
import { Idempotency, IdempotencyKeyHeader, spoolBody } from '@app/idempotency';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import { AFFILIATE_ID_SHAPE, type Member } from '@app/members';
import type { Request } from 'express';
import { allowLongerRequest } from '@app/http';
import { SessionPrincipalGuard } from '../account/session-principal.guard';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';
import { ImportSummaryDto } from './analytics.dto';
import { ApiCsrfHeader } from '../session-routes.decorator';

/** The routes that read their request body themselves, streamed (the body pipeline leaves it to them). */
export const REPORT_UPLOAD_PATHS: ReadonlySet<string> = new Set([
  '/api/conversions/import',
  '/account/conversions/import',
  '/dashboard/earnings/import',
]);

/** What a report upload may be sent as: the CSV file itself as the body. */
const UPLOAD_TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel|application\/octet-stream)$/i;

const IMPORT_DESCRIPTION =
  'Send the report file exported from the affiliate portal, unchanged, as the request body (`Content-Type: ' +
  "text/csv`; gzip allowed with `Content-Encoding: gzip`): Shopee's commission report " +
  "(`AffiliateCommissionReport….csv`, any portal language: VN, EN, TH, ID, BR, MY, PH) or Lazada's conversion " +
  'report (cp1252). By default nothing is written: the answer is a preview of what the import would do (rows read, ' +
  'new, updated, unchanged, skipped with the reason of each). Send it again with `?apply=true` to apply it. ' +
  'Importing the same file again, or a later export that overlaps it, changes only the lines whose status or ' +
  'amounts changed; an export made before the one that last set a line never overwrites it (say when it was made ' +
  "with `exported_at`, or send the portal's file name as `file_name`: otherwise the upload time is taken). " +
  '`affiliate_id` names the affiliate account the report is of: its lines are credited only to links made for it.';

const IMPORT_QUERIES = [
  { name: 'apply', required: false, type: Boolean, description: '`true` writes; otherwise a preview' },
  {
    name: 'exported_at',
    required: false,
    type: String,
    description: "When the export was made (ISO 8601; without a zone, the report region's time)",
  },
  {
    name: 'file_name',
    required: false,
    type: String,
    description: "The file's name as the portal named it (`AffiliateCommissionReport202608201200.csv`): its time",
  },
  {
    name: 'affiliate_id',
    required: false,
    type: String,
    description: 'The affiliate account the report is of (Shopee affiliate id, Lazada master link code)',
  },
];

/** Every query parameter of an upload, documented once. */
const ImportQueries = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  for (const query of IMPORT_QUERIES) ApiQuery(query)(target, key, descriptor);
};

/** Report uploads: by partner servers (key + token) and from the account page (session). */
@ApiTags('analytics')
@Controller()
export class ReportUploadsController {
  constructor(
    private readonly imports: OrderImportService,
    private readonly idempotency: Idempotency,
    @Inject(analyticsConfig.KEY) private readonly config: { IMPORT_MAX_BYTES: number },
  ) {}

  @Post('api/conversions/import')
  @HttpCode(200)
  @KeyAndTokenRoute()
  @RequiresScope('reports:write')
  @IdempotencyKeyHeader()
  @ApiOperation({
    operationId: 'importConversions',
    summary: 'Import a marketplace order report (preview, or apply)',
    description: IMPORT_DESCRIPTION,
  })
  @ApiConsumes('text/csv')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ImportQueries()
  @ApiOkResponse({ type: ImportSummaryDto, headers: RATE_LIMIT_HEADERS })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request: not a report, or unreadable' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'payload_too_large: too many bytes or rows' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto, description: 'unsupported_media_type' })
  async importWithKey(@Req() req: AuthenticatedRequest): Promise<ImportSummaryDto> {
    return this.importUpload(req, req.principal.memberId);
  }

  @Post('account/conversions/import')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  // After SignedIn's guards (decorators apply bottom-up): the session's member, then the member's rate limits.
  @UseGuards(IpBanGuard, SessionPrincipalGuard, ApiThrottlerGuard)
  @SignedIn()
  @IdempotencyKeyHeader()
  @ApiCookieAuth('session')
  @ApiOperation({
    operationId: 'importAccountConversions',
    summary: 'Import a marketplace order report (account page)',
    description: IMPORT_DESCRIPTION,
  })
  @ApiCsrfHeader()
  @ApiConsumes('text/csv')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ImportQueries()
  @ApiOkResponse({ type: ImportSummaryDto, headers: RATE_LIMIT_HEADERS })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: RATE_LIMITED_DESCRIPTION,
    headers: RATE_LIMITED_HEADERS,
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto })
  async importWithSession(@CurrentMember() member: Member, @Req() req: Request): Promise<ImportSummaryDto> {
    return this.importUpload(req, member.id);
  }

  /**
   * The upload imported; with `Idempotency-Key`, first read whole to a temporary file and keyed by the hash of
   * its bytes (and the query), so the same file again replays the first answer and another file under the same
   * key is 422 `idempotency_key_reused`, whatever its name and size.
   */
  private async importUpload(req: Request, memberId: string): Promise<ImportSummaryDto> {
    const upload = uploadStream(req);
    const options = importOptions(req);
    if (!Idempotency.wanted(req)) return answer(await this.imports.importFile(memberId, upload, options));
    const spooled = await spoolBody(upload.body, this.config.IMPORT_MAX_BYTES);
    try {
      return (await this.idempotency.run(
        req,
        req.res!,
        async () => answer(await this.imports.importFile(memberId, { ...upload, body: spooled.open() }, options)),
        spooled.sha256,
      )) as ImportSummaryDto;
    } finally {
      await spooled.dispose();
    }
  }
}

function answer(summary: ImportSummary): ImportSummaryDto {
  return { ok: true, ...summary };
}

/** An upload's query parameters (`apply`, `exported_at`, `file_name`, `affiliate_id`), checked. */
export function importOptions(req: Request): ImportOptions {
  const text = (name: string): string | undefined => {
    const value = req.query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new AppException('invalid_request', `\`${name}\` is given once, as text`);
    return value;
  };
  const options: ImportOptions = { apply: applyFlag(text('apply')) };
  const exportedAt = text('exported_at');
  if (exportedAt !== undefined) {
    if (exportedAt.length > 40) throw new AppException('invalid_request', '`exported_at` is not a time');
    options.exportedAt = exportedAt;
  }
  const fileName = text('file_name');
  if (fileName !== undefined) options.fileName = fileName.slice(0, 200);
  const affiliateId = text('affiliate_id');
  if (affiliateId !== undefined) {
    if (!AFFILIATE_ID_SHAPE.test(affiliateId)) {
      throw new AppException('invalid_request', '`affiliate_id` must be 1 to 64 letters, digits, "_" or "-"');
    }
    options.affiliateId = affiliateId;
  }
  return options;
}

function applyFlag(value: string | undefined): boolean {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new AppException('invalid_request', '`apply` is `true` or `false`');
}

/**
 * The request body as sent and its `Content-Encoding` (the import receives and decompresses it), the media type
 * and encoding checked first. Called once the caller is authenticated: only then may the upload take
 * IMPORT_REQUEST_TIMEOUT_MS to arrive (before, HTTP_REQUEST_TIMEOUT_MS, as every request).
 */
export function uploadStream(req: Request): ReportUpload {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
  if (/^multipart\//i.test(type)) {
    throw new AppException(
      'unsupported_media_type',
      'Send the report file itself as the request body with Content-Type: text/csv (not a multipart form)',
    );
  }
  if (!UPLOAD_TYPES.test(type)) {
    throw new AppException(
      'unsupported_media_type',
      'Send the report file as the request body with Content-Type: text/csv',
    );
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (!isSupportedUploadEncoding(encoding)) {
    throw new AppException('unsupported_media_type', `Content-Encoding ${encoding.slice(0, 20)} is not supported`);
  }
  allowLongerRequest(req);
  return { body: req, encoding };
}
