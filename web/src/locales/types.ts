import type en from './en/translation';

// English is the source of truth: its area files define every key, and each other language
// gives exactly the same keys (a missing or extra key fails typecheck).

/** The whole translation table (one namespace, composed from the area files). */
export type Translation = typeof en;

/** Every translation key; `t()` accepts only these (see ./i18next.d.ts). */
export type TranslationKey = keyof Translation;

/** A translation of the English area table `T`: the same keys, each a string. */
export type TranslationOf<T> = { readonly [K in keyof T]: string };
