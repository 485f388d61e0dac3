import type { AreaMessages } from '../../i18n/areas';

/**
 * The texts of the alert list's parts outside the first bundle (the grouped view, the facets panel, the search box's
 * suggestions, the grouping form and the save-search dialog), one chunk per language; the list itself keeps its texts
 * in the first bundle's catalogue.
 */
export const alertsMessages: AreaMessages = {
  area: 'alerts',
  load: (language) =>
    import(`./messages/${language}.json`).then((module: { default: Record<string, string> }) => module.default),
};
