import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { LoadedConfig } from '@app/common';
import { reserveApiPaths } from '@app/shortlinks';
import { AppModule } from './app.module';

/**
 * The paths served outside Nest's controllers (`configureApp`): the assets, the Swagger UI with its JSON document,
 * and its YAML document (`SwaggerModule.setup` adds `/<path>-yaml`).
 */
export const STATIC_PREFIXES: readonly string[] = ['/assets', '/docs', '/docs-yaml'];

// Nest's metadata keys (`@nestjs/common/constants`: `MODULE_METADATA`, `PATH_METADATA`), which the root does not
// export: the very ones Nest's router reads when it registers the routes.
const CONTROLLERS = 'controllers';
const IMPORTS = 'imports';
const PATH = 'path';

type ModuleRef = Type<unknown> | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

function pathsOf(target: object): string[] {
  const path = Reflect.getMetadata(PATH, target) as string | string[] | undefined;
  return path === undefined ? [] : Array.isArray(path) ? path : [path];
}

function join(...parts: string[]): string {
  return `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}

/** Every route path of a controller: its prefixes, each joined with each handler's own path. */
function controllerRoutes(controller: Type<unknown>): string[] {
  const prefixes = pathsOf(controller);
  const routes: string[] = [];
  const proto = controller.prototype as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const handler = Object.getOwnPropertyDescriptor(proto, name)?.value as object | undefined;
    if (name === 'constructor' || typeof handler !== 'function') continue;
    for (const prefix of prefixes.length > 0 ? prefixes : ['']) {
      for (const path of pathsOf(handler)) routes.push(join(prefix, path));
    }
  }
  return routes;
}

/**
 * The route paths of the controllers of a module and of everything it imports, read from the metadata Nest
 * registers its routes from, without booting the module (so the start-up check runs before anything is opened).
 */
export function moduleRoutes(root: ModuleRef, seen = new Set<unknown>()): string[] {
  if (!root || root instanceof Promise) return [];
  const module = 'forwardRef' in root ? root.forwardRef() : root;
  if (seen.has(module)) return [];
  seen.add(module);
  const cls = 'module' in module ? module.module : module;
  const dynamic = 'module' in module ? module : undefined;
  const controllers = [
    ...((Reflect.getMetadata(CONTROLLERS, cls) as Type<unknown>[] | undefined) ?? []),
    ...(dynamic?.controllers ?? []),
  ];
  const imports = [
    ...((Reflect.getMetadata(IMPORTS, cls) as ModuleRef[] | undefined) ?? []),
    ...(dynamic?.imports ?? []),
  ];
  return [
    ...controllers.flatMap(controllerRoutes),
    ...imports.flatMap((imported) => moduleRoutes(imported as ModuleRef, seen)),
  ];
}

/** The api's own paths: its routes, its static prefixes and its pages (what `reserveApiPaths` is given). */
export function apiPaths(appModule: DynamicModule): string[] {
  return [...new Set([...moduleRoutes(appModule), ...STATIC_PREFIXES])];
}

/**
 * Hands the api's paths to the short links (`reserveApiPaths`): the codes never take one, and with codes at the
 * root of the api's host the mounted redirector leaves them to the api. Called by `startupConfig` (before the
 * check of SHORT_LINK_BASE_URL) and by `configureApp` (every app, the tests' too).
 */
export function reserveAppPaths(config: LoadedConfig): void {
  reserveApiPaths(apiPaths(AppModule.forRoot(config)));
}
