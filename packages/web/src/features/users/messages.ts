import type { AreaMessages } from '../../i18n/areas';

/** The texts of this area, one chunk per language. */
export const usersMessages: AreaMessages = {
  area: 'users',
  load: (language) =>
    import(`./messages/${language}.json`).then((module: { default: Record<string, string> }) => module.default),
};
