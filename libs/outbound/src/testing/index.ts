/**
 * What only tests name of the outbound library (not part of its door `@app/outbound`): the per-provider gates
 * (breaker, concurrency) they inspect.
 */
export { ProviderGates } from '../resilience/provider-gates';
