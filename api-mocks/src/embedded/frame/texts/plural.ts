// A count with its noun in a language's plural forms (`Intl.PluralRules`), the number in the language's digits.

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * `(n) => text`: the form the language's rules pick for `n` (`other` where none is given), `#` replaced by `n`.
 * @example plural('ru', { one: '# вызов', few: '# вызова', other: '# вызовов' })(3) // '3 вызова'
 */
export const plural =
  (lang: string, forms: Forms) =>
  (n: number): string =>
    (forms[new Intl.PluralRules(lang).select(n)] ?? forms.other).replace('#', new Intl.NumberFormat(lang).format(n));
