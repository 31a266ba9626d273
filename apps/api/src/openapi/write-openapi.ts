import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppModule } from '../app.module';
import { loadApiConfig } from '../startup-config';
import { openApiDocument } from './openapi-document';

/**
 * `npm run openapi [-- <file>]`: boots the api's root module on a throwaway in-memory database (no secrets or
 * services needed) and writes its OpenAPI document, the one /docs/openapi.json serves (default dist/openapi.json).
 */
async function main(file = 'dist/openapi.json'): Promise<void> {
  // Throwaway secrets: nothing is stored, and nothing is written to disk but the document.
  const secret = () => randomBytes(32).toString('base64');
  const config = loadApiConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    CREDENTIALS_SECRET: secret(),
    SESSION_SECRET: secret(),
    PASSWORD_PEPPER: secret(),
    SETTINGS_ENCRYPTION_KEY: secret(),
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: false,
    bodyParser: false,
  });
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
    process.stdout.write(`Wrote ${file}\n`);
  } finally {
    await app.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(
    `Could not write the OpenAPI document: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
