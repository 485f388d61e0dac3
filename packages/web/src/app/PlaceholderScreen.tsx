import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n';

/** Stands in for a screen that has not been built yet: its title and a neutral note. */
export function PlaceholderScreen({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <Text c="dimmed">{t('placeholder.notAvailable')}</Text>
    </Stack>
  );
}
