import '../../shared/adminStyles';
import { Alert as Callout, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { providerName } from '../../app/shell/providers';
import { UserAvatar } from '../../app/shell/UserAvatar';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { Chips } from '../admin';
import { adminMessages } from '../../i18n/adminMessages';
import { type Session, useSession } from '../auth';
import { profileMessages } from './messages';

const mark = (path: ReactNode, color: string) => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke={color} strokeWidth="3" aria-hidden>
    {path}
  </svg>
);

/** Verified or not, said in words; the mark beside them only repeats it. */
function EmailStatus({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {verified
        ? mark(<path d="M5 12l5 5 9-10" />, 'var(--mantine-color-green-8)')
        : mark(<path d="M6 6l12 12M18 6L6 18" />, 'var(--mantine-color-red-8)')}
      <Text size="sm" component="span">
        {verified ? t('profile.emailVerified') : t('profile.emailNotVerified')}
      </Text>
    </Group>
  );
}

/**
 * What the login token says about the user (docs/console/behaviour.md#entities Profile): read only, it changes with the
 * next login.
 */
function Details({ session }: { session: Session }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { claims, scopes } = session;
  const username = claims.preferred_username ?? claims.email ?? '';
  const name = claims.name ?? username;
  const email = claims.email ?? (username.includes('@') ? username : undefined);
  const customers = claims.customers ?? (claims.customer === undefined ? [] : [claims.customer]);
  const none = (
    <Text size="sm" c="dimmed" component="span">
      {t('admin.none')}
    </Text>
  );
  const rows: [string, ReactNode][] = [
    [t('profile.fullName'), claims.name ?? none],
    [t('profile.username'), username === '' ? none : username],
    [t('profile.providerField'), providerName(claims.provider ?? config.provider)],
    [t('profile.userId'), claims.sub ?? none],
  ];
  if (claims.oid !== undefined) rows.push([t('profile.primaryUserId'), claims.oid]);
  rows.push([
    t('profile.email'),
    email === undefined ? (
      none
    ) : (
      <Group gap="sm" component="span">
        <span>{email}</span>
        <EmailStatus verified={claims.email_verified === true} />
      </Group>
    ),
  ]);
  // docs/console/behaviour.md#roles-and-permissions: with customer views on, a user of no customer in particular sees
  // them all.
  if (config.customer_views) {
    rows.push([
      t('profile.customers'),
      <Chips values={customers.length > 0 ? customers : [t('profile.allCustomers')]} />,
    ]);
  }
  rows.push(
    [t('profile.orgs'), <Chips values={claims.orgs ?? []} />],
    [t('profile.groups'), <Chips values={claims.groups ?? []} />],
    [t('profile.roles'), <Chips values={claims.roles ?? []} />],
    [t('profile.scopes'), <Chips values={scopes} />],
  );
  return (
    <Paper withBorder p="lg" maw={800}>
      <Group gap="lg" mb="lg" wrap="nowrap">
        <UserAvatar picture={claims.picture} name={name} size={128} />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {username !== '' && (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {username.includes('@') ? username : `@${username}`}
            </Text>
          )}
        </div>
      </Group>
      <dl
        style={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', gap: '10px 24px', margin: 0 }}
      >
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Text component="dt" size="sm" fw={600}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Fragment>
        ))}
      </dl>
      <Text size="xs" c="dimmed" mt="lg">
        {t('profile.readOnly')}
      </Text>
    </Paper>
  );
}

/** /profile (docs/console/account-screens.md#profile): who is logged in, as their login token says. */
function ProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('route.profile')}
      </Title>
      {session === null ? (
        <Callout color="blue" title={t('profile.notLoggedInTitle')}>
          {t('profile.notLoggedIn')}
        </Callout>
      ) : (
        <Details session={session} />
      )}
    </Stack>
  );
}

export default withMessages([adminMessages, profileMessages], ProfileScreen);
