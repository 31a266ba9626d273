/**
 * What only tests and the benchmarks name of the short-links library (not part of its door `@app/shortlinks`):
 * the custom-domain entity (rows written directly), the code generator, and the redirect path's lookup and click
 * counter (flushed and inspected by hand).
 */
export { ClickCounter } from '../redirect/click-counter';
export { RedirectLookup } from '../redirect/redirect-lookup';
export { ShortCodeGenerator } from '../links/short-code';
export { CustomDomain } from '../domains/custom-domain.entity';
export { isReservedPath } from '../links/reserved-paths';
