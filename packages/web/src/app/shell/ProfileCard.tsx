import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { type Session } from '../../features/auth';
import { msg, type MessageKey } from '../../i18n';
import { providerName } from './providers';

/** docs/console/shell.md#profile-card: each list shows its first three entries, then how many more there are. */
const SHOWN = 3;

const chipStyle = {
  display: 'inline-block',
  padding: '0 8px',
  borderRadius: 12,
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: '20px',
  background: 'var(--mantine-color-default-hover)',
  border: '1px solid var(--mantine-color-default-border)',
} as const;

function ChipRow({ labelKey, items }: { labelKey: MessageKey; items: readonly string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const hidden = items.length - SHOWN;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t(labelKey)}
      </Text>
      <Group gap={4} mt={2}>
        {items.slice(0, SHOWN).map((item) => (
          <span key={item} style={chipStyle}>
            {item}
          </span>
        ))}
        {hidden > 0 && <Text size="xs">{t('profile.others', { count: hidden })}</Text>}
      </Group>
    </div>
  );
}

/** Who is logged in (name, username, provider, customers, organisations, groups, roles, scopes) and the way out. */
export function ProfileCard({
  session,
  onCancel,
  onLogOut,
}: {
  session: Session;
  onCancel: () => void;
  onLogOut: () => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const { claims, scopes } = session;
  const username = claims.preferred_username ?? claims.email ?? '';
  const provider = claims.provider ?? config.provider;
  const customers = claims.customers ?? [];
  return (
    <Stack gap="xs">
      <div>
        {claims.name !== undefined && <Text fw={700}>{claims.name}</Text>}
        {username !== '' && (
          <Text size="sm" c="dimmed">
            {username.includes('@') ? username : `@${username}`}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {provider === 'basic'
            ? claims.email_verified === true
              ? t('profile.emailVerified')
              : t('profile.emailNotVerified')
            : t('profile.provider', { provider: providerName(provider) })}
        </Text>
      </div>
      {config.customer_views && (
        <ChipRow
          labelKey={msg('profile.customers')}
          items={customers.length > 0 ? customers : [t('profile.allCustomers')]}
        />
      )}
      <ChipRow labelKey={msg('profile.orgs')} items={claims.orgs ?? []} />
      <ChipRow labelKey={msg('profile.groups')} items={claims.groups ?? []} />
      <ChipRow labelKey={msg('profile.roles')} items={claims.roles ?? []} />
      <ChipRow labelKey={msg('profile.scopes')} items={scopes} />
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button variant="default" size="xs" onClick={onCancel}>
          {t('profile.cancel')}
        </Button>
        <Button size="xs" onClick={onLogOut}>
          {t('shell.logOut')}
        </Button>
      </Group>
    </Stack>
  );
}
