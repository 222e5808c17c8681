import 'i18next';
import type { Translation } from './types';

// Typed keys: `t('misspelt_key')` fails typecheck. The resources are typed from the English
// files; zh-CN and zh-HK are typed against English's shape in their own files.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}
