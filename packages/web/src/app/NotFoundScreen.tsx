import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * docs/console/plumbing.md#routes: an address with no screen says so, shows the address as plain text and links back
 * to the alert list, instead of quietly showing the list.
 */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  return (
    <Stack gap="sm" p="md" align="flex-start" maw={760}>
      <Title order={1} size="h3">
        {t('notFound.heading')}
      </Title>
      <Text>{t('notFound.text')}</Text>
      <Text component="code" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="unknown-address">
        {`${pathname}${search}${hash}`}
      </Text>
      <Anchor component={Link} to="/alerts" style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
