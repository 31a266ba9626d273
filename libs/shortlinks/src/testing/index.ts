/**
 * What only tests and the benchmarks name of the short-links library (not part of its door `@app/shortlinks`):
 * the custom-domain entity (rows written directly) and the code generator.
 */
export { ShortCodeGenerator } from '../links/short-code';
export { CustomDomain } from '../domains/custom-domain.entity';
