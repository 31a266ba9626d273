const BODY_SCHEMA = Symbol('bodySchema');

/**
 * A JSON Schema for a request DTO, read by the app's validation pipe: a body that matches it is accepted as
 * parsed, without building an instance or running class-validator (the DTO's decorators still document the
 * fields and make the exact error message of a body that does not match). The schema must accept exactly
 * what the decorators accept; the DTO's spec checks it on a corpus of bodies.
 */
export function BodySchema(schema: object): ClassDecorator {
  return (target) => Reflect.defineMetadata(BODY_SCHEMA, schema, target);
}

/** The schema a DTO class declares with `@BodySchema`, if any. */
export function bodySchemaOf(metatype: unknown): object | undefined {
  return typeof metatype === 'function' ? Reflect.getMetadata(BODY_SCHEMA, metatype) : undefined;
}
