import 'i18next';
import type { AllMessages } from './messageTypes';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AllMessages };
    keySeparator: false;
    nsSeparator: false;
  }
}
