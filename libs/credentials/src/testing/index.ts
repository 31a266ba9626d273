/**
 * What only tests name of the credentials library (not part of its door `@app/credentials`): the hasher and key
 * preview the seed uses to write credentials directly, the invalidation channel, the body-credentials notice.
 */
export { BODY_CREDENTIALS_DEPRECATION } from '../api-credentials.guard';
export { CredentialHasher, keyPreview } from '../credential-crypto';
export { CredentialInvalidation } from '../credential-invalidation';
