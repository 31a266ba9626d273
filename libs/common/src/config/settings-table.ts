import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { emptyToUndefined, toBool, toInt } from './config-namespace';
import { IsIpList } from './ip-list';

/**
 * One setting of a settings table: how its variable is read and checked (class-transformer and class-validator
 * decorators, given the variable's name for their messages) and its default. Every kind of setting is declared once
 * here, so the start-up check, its messages and docs/configuration.md (which reads the same metadata) agree. The
 * kinds that always have a default (`int`, `bool`, `ipList`) take it first; the others may be unset, and get theirs
 * with `.default(value)`.
 */
export class Setting<T, Default extends T | undefined = undefined> {
  constructor(
    /** The decorators, top to bottom as they would stand on a property. */
    readonly rules: (name: string) => PropertyDecorator[],
    readonly value?: Default,
  ) {}

  /** The value when the variable is unset. */
  default(value: T): Setting<T, T> {
    return new Setting<T, T>(this.rules, value);
  }
}

type AnySetting = Setting<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type SettingsTable = Record<string, AnySetting>;
type ValueOf<S> = S extends Setting<infer T, infer Default> ? (Default extends T ? T : T | undefined) : never;

/** The settings object a table declares: one property per variable. */
export type SettingsOf<Table extends SettingsTable> = { -readonly [Name in keyof Table]: ValueOf<Table[Name]> };

/**
 * The base class of a lib's settings class, from its table of settings (`class XConfig extends settingsTable({...})`).
 * Each row's doc comment is the setting's meaning in docs/configuration.md; the order of the rows is the page's.
 */
export function settingsTable<Table extends SettingsTable>(table: Table): new () => SettingsOf<Table> {
  class Settings {
    constructor() {
      for (const [name, setting] of Object.entries(table)) {
        if (setting.value !== undefined) Object.assign(this, { [name]: setting.value });
      }
    }
  }
  for (const [name, setting] of Object.entries(table)) {
    // Applied bottom-up, as TypeScript applies a property's decorators.
    for (const rule of [...setting.rules(name)].reverse()) rule(Settings.prototype, name);
  }
  return Settings as unknown as new () => SettingsOf<Table>;
}

/** Any setting: its type and decorators given as they are. */
export const setting = <T>(...rules: PropertyDecorator[]): Setting<T> => new Setting<T>(() => rules);

/**
 * An integer within `[min, max]`, `value` unless set, read from its string (`toInt`). The range is class-validator
 * metadata, so the start-up check and docs/configuration.md both read it from here.
 */
export const int = (value: number, min: number, max: number): Setting<number, number> =>
  setting<number>(applyDecorators(Transform(toInt), IsInt(), Min(min), Max(max))).default(value);

/** `true/1/yes/on` or `false/0/no/off`, any case; `value` unless set. */
export const bool = (value: boolean): Setting<boolean, boolean> =>
  new Setting((name) => [Transform(toBool), IsBoolean({ message: `${name} must be true or false` })], value);

/** One of a few words. */
export const oneOf = <const Word extends string>(words: readonly Word[]): Setting<Word> =>
  new Setting((name) => [
    IsIn(words, { message: `${name} must be ${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` }),
  ]);

/** Text matching `pattern`; refused with `<NAME> <complaint>` (`must be …` says it in the docs' range column). */
export const matches = (pattern: RegExp, complaint: string): Setting<string> =>
  new Setting((name) => [Matches(pattern, { message: `${name} ${complaint}` })]);

/** An http(s) URL, its scheme required unless `schemeOptional`. */
export const httpUrl = (options: { schemeOptional?: true } = {}): Setting<string> =>
  setting(
    options.schemeOptional
      ? IsUrl({ require_tld: false, protocols: ['http', 'https'] })
      : IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }),
  );

/** Comma-separated IPs and CIDR ranges (empty allowed); `value` unless set. */
export const ipList = (value: string): Setting<string, string> =>
  new Setting(
    (name) => [IsIpList({ message: `${name} must be a comma-separated list of IP addresses or CIDR ranges` })],
    value,
  );

/** A setting that may be unset: an empty value counts as unset, and unset is not checked. */
export const optional = <T>(kind: Setting<T>): Setting<T> =>
  new Setting((name) => [Transform(emptyToUndefined), IsOptional(), ...kind.rules(name)]);

/** A secret of at least `minLength` characters, unset unless given (see `textSecret` for the generated ones). */
export const secret = (minLength: number): Setting<string> =>
  optional(
    new Setting((name) => [
      IsString(),
      MinLength(minLength, { message: `${name} must be at least ${minLength} characters` }),
    ]),
  );
