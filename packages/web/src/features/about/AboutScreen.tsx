import '../../shared/adminStyles';
import {
  ActionIcon,
  Alert as Callout,
  Anchor,
  Badge,
  Code,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { version as consoleVersion } from '../../../package.json';
import { useApi } from '../../api';
import { errorMessage } from '../../api/errorMessage';
import { copyText } from '../../app/copyText';
import { useNotifications } from '../../app/notifications/Snackbar';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { DateTime } from '../admin';
import { adminMessages } from '../../i18n/adminMessages';
import { safeHttpUrl } from '../../shared/format';
import { CopyIcon } from '../../shared/icons';
import { aboutMessages } from './messages';
import { fetchHealth, fetchManifest, fetchStatus } from './aboutApi';
import { capitalise } from '../../app/notifications/notificationStore';
import { isGitRevision } from './aboutFormat';
import { MetricsTable } from './MetricsTable';
import { consoleBuild } from './consoleBuild';
import { queryKeys } from '../../api/queryKeys';

/** A row of a two-column table: its name in the header cell, its value beside it. */
function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {name}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** A value of the manifest, or "(none)" when the server leaves it empty. */
function Value({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value.trim() === '') {
    return (
      <Text span size="sm" c="dimmed">
        {t('admin.none')}
      </Text>
    );
  }
  return <>{value}</>;
}

/** The API's address as a link, with a button that copies it. */
function Endpoint() {
  const { t } = useTranslation();
  const config = useConfig();
  const notifications = useNotifications();
  // A relative endpoint (`/api`) is shown as the address the browser really calls.
  const address = new URL(config.endpoint, document.baseURI).toString().replace(/\/+$/, '');
  const href = safeHttpUrl(address);
  return (
    <Group gap={4} wrap="nowrap">
      {href === null ? (
        address
      ) : (
        <Anchor href={href} target="_blank" rel="noopener noreferrer">
          {address}
        </Anchor>
      )}
      <Tooltip label={t('admin.copy')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('about.copyEndpoint')}
          onClick={() =>
            void copyText(address).then(
              () => notifications.success(t('about.copied')),
              () => notifications.error(t('about.copyFailed')),
            )
          }
        >
          <CopyIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * /about (docs/console/account-screens.md#about): which console and API versions run, whether the API is healthy, and
 * its metrics. The manifest, the health check and the status are asked separately, so one failing leaves the others in
 * place.
 */
function AboutScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const manifest = useQuery({
    queryKey: queryKeys.about.manifest,
    queryFn: ({ signal }) => fetchManifest(api, signal),
  });
  const status = useQuery({
    queryKey: queryKeys.about.status,
    queryFn: ({ signal }) => fetchStatus(api, signal),
  });
  const health = useQuery({
    queryKey: queryKeys.about.health(config.endpoint),
    queryFn: ({ signal }) => fetchHealth(config.endpoint, signal),
  });

  const release = manifest.data?.release;
  const application = status.data?.application;
  const revision = manifest.data?.revision?.trim() ?? '';

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('about.title')}
      </Title>
      <section aria-labelledby="about-versions">
        <Title order={2} size="h4" id="about-versions" mb="xs">
          {t('about.versions')}
        </Title>
        {manifest.isError && (
          <Callout color="red" mb="xs">
            {t('about.manifestFailed', { reason: errorMessage(manifest.error, t) })}
          </Callout>
        )}
        <Table.ScrollContainer minWidth={400}>
          <Table>
            <VisuallyHidden component="caption">{t('about.versionsCaption')}</VisuallyHidden>
            <Table.Tbody>
              <Row name={t('about.console')}>{consoleVersion}</Row>
              <Row name={t('about.consoleBuild')}>
                <Group gap="xs" wrap="wrap">
                  {consoleBuild.id !== '' && <Code>{consoleBuild.id}</Code>}
                  <DateTime iso={consoleBuild.time} />
                </Group>
              </Row>
              {manifest.isSuccess && (
                <>
                  <Row name={t('about.api')}>
                    {release === null || release === undefined || release === ''
                      ? t('admin.none')
                      : application === null || application === undefined || application === ''
                        ? t('about.apiRelease', { release })
                        : t('about.apiReleaseOf', { application: capitalise(application), release })}
                  </Row>
                  <Row name={t('about.build')}>
                    <Value value={manifest.data.build} />
                  </Row>
                  <Row name={t('about.date')}>
                    {manifest.data.date === null || manifest.data.date === '' ? (
                      <Value value={null} />
                    ) : (
                      <DateTime iso={manifest.data.date} />
                    )}
                  </Row>
                  <Row name={t('about.revision')}>
                    {isGitRevision(revision) ? (
                      <Anchor
                        href={`https://github.com/alerta/alerta/commit/${revision}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={t('about.openRevision')}
                      >
                        {revision}
                      </Anchor>
                    ) : (
                      <Value value={revision} />
                    )}
                  </Row>
                </>
              )}
              {manifest.isPending && <Row name={t('about.api')}>{t('admin.loading')}</Row>}
              <Row name={t('about.endpoint')}>
                <Endpoint />
              </Row>
              <Row name={t('about.health')}>
                {health.isPending ? (
                  t('admin.loading')
                ) : health.isError ? (
                  <Text span size="sm" c="red.8">
                    {errorMessage(health.error, t)}
                  </Text>
                ) : (
                  <Badge color={health.data.ok ? 'teal.9' : 'red.9'} tt="none">
                    {health.data.ok ? t('about.healthy') : health.data.text}
                  </Badge>
                )}
              </Row>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
      <MetricsTable status={status} />
    </Stack>
  );
}

export default withMessages([adminMessages, aboutMessages], AboutScreen);
