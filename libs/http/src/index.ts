export { bodyParsing } from './body-parsing';
export { deferCheck, settleDeferredCheck, takeDeferredCheck } from './deferred-check';
export { GlobalExceptionFilter } from './global-exception.filter';
export { GracefulShutdown } from './graceful-shutdown';
export { HttpConfig, httpConfig } from './http.config';
export { httpEdge } from './http-edge';
export { requestIdOf } from './request-id';
export { securityHeaders } from './security-headers';
export { allowLongerRequest, applyServerLimits } from './server-limits';
