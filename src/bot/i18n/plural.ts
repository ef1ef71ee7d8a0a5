/** CLDR's plural categories, as `Intl.PluralRules#select` names them. */
export type PluralCategory = Intl.LDMLPluralRule;

/**
 * A text that depends on a count, one form per plural category the language has; `{n}` is
 * replaced by the count as the locale writes numbers. Which categories a language needs is
 * part of its catalogue's type (Messages<C>), so a Polish text without its `few` form is a
 * compile-time error too.
 */
export interface Plural<C extends PluralCategory> {
  readonly plural: Readonly<Record<C, string>>;
}

export function plural<C extends PluralCategory>(forms: Record<C, string>): Plural<C> {
  return { plural: forms };
}
