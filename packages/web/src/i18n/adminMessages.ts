import type { AreaMessages } from './areas';

/**
 * The texts of the administration area (`features/admin/messages`), one chunk per language. Here rather than in the
 * feature because screens outside it use them too (sign-up and password reset, the profile, about, reports, the
 * blackout made from an alert), and these need the texts without the administration lists' code.
 */
export const adminMessages: AreaMessages = {
  area: 'admin',
  load: (language) =>
    import(`../features/admin/messages/${language}.json`).then(
      (module: { default: Record<string, string> }) => module.default,
    ),
};
