import { Alert as Callout } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';

/** A failure said at the top of an account screen, announced to screen readers. */
export function Failure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Callout color="red" title={title} role="alert">
      {children}
    </Callout>
  );
}

/** A call that failed: `title`, then what the server (or the network) said. */
export function FailedCall({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  return <Failure title={title}>{errorMessage(error, t)}</Failure>;
}
