import type { en } from './en.js';
import type { Plural, PluralCategory } from './plural.js';

/** `T` with each plural text needing the forms of categories `C`. */
type Shape<T, C extends PluralCategory> = T extends { readonly plural: object }
  ? Plural<C>
  : T extends string
    ? string
    : T extends (...args: never[]) => string
      ? T
      : { readonly [K in keyof T]: Shape<T[K], C> };

/**
 * A language's catalogue: English's keys and text parameters exactly, any string for a text
 * (English's command names are literal types, which the options are typed from), and in each
 * plural text the forms of the categories `C` this language has
 * (`Intl.PluralRules#resolvedOptions`; a test checks that each catalogue declares them all).
 * Assigning an object literal to it makes tsc refuse a missing text and an extra one alike.
 */
export type Messages<C extends PluralCategory = 'one' | 'other'> = Shape<typeof en, C>;

/** What code reading any language's texts may rely on. */
export type AnyMessages = Messages<'other'>;
