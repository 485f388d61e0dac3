import { Alert as Callout, Button, Group, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api';
import { errorMessage } from '../../api/errorMessage';
import { safeRedirectPath } from '../../app/redirects';
import { providerName } from '../../app/shell/providers';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { useAuthStore } from './AuthContext';
import { exchangeProviderCode } from './accountApi';
import { consoleRedirectUri } from './consoleAddress';
import { authMessages } from './messages';
import { authorizationUrl, backendPath, isOAuthProvider, newState, type OAuthProvider } from './oauthProviders';
import { AuthPage } from './parts';
import { PopupClosedError, oauthWatch, openPopup, samlWatch, waitForPopup } from './signInPopup';
import { Failure } from './Failure';

type Phase =
  | { kind: 'waiting' }
  | { kind: 'blocked' }
  | { kind: 'failed'; message: string }
  /** Only for a popup never opened: the config lacks what its address needs. */
  | { kind: 'misconfigured'; setting: string };

/** A failure whose text is already what the user should read. */
class SignInError extends Error {}

/**
 * Starts `attempt` once on arrival, and ends the attempt in progress when the screen goes. React's development
 * double mount (mount, unmount, mount at once) keeps the first attempt instead of opening a second popup.
 */
function useAttempt(attempt: (signal: AbortSignal) => void): () => void {
  const current = useRef<AbortController | null>(null);
  const pendingStop = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    attempt(controller.signal);
  }, [attempt]);
  useEffect(() => {
    clearTimeout(pendingStop.current);
    if (current.current === null) start();
    return () => {
      pendingStop.current = setTimeout(() => {
        current.current?.abort();
        current.current = null;
      }, 0);
    };
    // Started once per visit; `start` changing later must not open another popup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return start;
}

/** Logs in with the token and goes where the visitor was heading (or the alerts screen). */
function useFinishLogin(): (token: string) => void {
  const auth = useAuthStore();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return useCallback(
    (token: string) => {
      auth.login(token);
      void navigate(safeRedirectPath(redirect), { replace: true });
    },
    [auth, navigate, redirect],
  );
}

/**
 * Signing in through an OAuth2 provider (docs/console/plumbing.md#sign-in-providers): the provider's page in a popup, a
 * `state` that must come back unchanged, then the code to the API for a login token.
 */
function OAuthLogin({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const finish = useFinishLogin();
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' });

  const attempt = useCallback(
    (signal: AbortSignal) => {
      const redirectUri = consoleRedirectUri(config);
      const state = newState();
      const built = authorizationUrl(provider, config, { redirectUri, state });
      if ('missing' in built) {
        setPhase({ kind: 'misconfigured', setting: built.missing });
        return;
      }
      const popup = openPopup(built.url);
      if (popup === null) {
        setPhase({ kind: 'blocked' });
        return;
      }
      setPhase({ kind: 'waiting' });
      waitForPopup(popup, oauthWatch(redirectUri), signal)
        .then((params) => {
          if (params.get('state') !== state) throw new SignInError(t('auth.provider.stateMismatch'));
          const error = params.get('error');
          if (error !== null) {
            throw new SignInError(t('auth.provider.refused', { error: params.get('error_description') ?? error }));
          }
          const code = params.get('code') ?? '';
          return exchangeProviderCode(api, backendPath(provider), { code, clientId: built.clientId, redirectUri });
        })
        .then(
          (token) => {
            if (!signal.aborted) finish(token);
          },
          (error: unknown) => {
            if (signal.aborted) return;
            const message = error instanceof PopupClosedError ? t('auth.provider.closed') : errorMessage(error, t);
            setPhase({ kind: 'failed', message });
          },
        );
    },
    [api, config, provider, finish, t],
  );
  const start = useAttempt(attempt);

  return <SignInStatus name={providerName(provider)} phase={phase} onRetry={start} />;
}

/**
 * Signing in through SAML 2 (docs/console/plumbing.md#sign-in-providers): the API's SAML page in a popup, which posts
 * the login token back. Only a message from the API's own origin is read.
 */
function SamlLogin() {
  const { t } = useTranslation();
  const config = useConfig();
  const finish = useFinishLogin();
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' });
  // A relative endpoint (`/api`) is on this site.
  const endpoint = useMemo(
    () => new URL(config.endpoint.replace(/\/*$/, '/'), window.location.href),
    [config.endpoint],
  );

  const attempt = useCallback(
    (signal: AbortSignal) => {
      const popup = openPopup(new URL('auth/saml?usePostMessage', endpoint).toString());
      if (popup === null) {
        setPhase({ kind: 'blocked' });
        return;
      }
      setPhase({ kind: 'waiting' });
      waitForPopup(popup, samlWatch(endpoint.origin), signal).then(
        (answer) => {
          if (signal.aborted) return;
          if (answer.status === 'ok') finish(answer.token);
          else setPhase({ kind: 'failed', message: answer.message });
        },
        (error: unknown) => {
          if (signal.aborted) return;
          const message = error instanceof PopupClosedError ? t('auth.provider.closed') : errorMessage(error, t);
          setPhase({ kind: 'failed', message });
        },
      );
    },
    [endpoint, finish, t],
  );
  const start = useAttempt(attempt);

  return (
    <SignInStatus name={providerName('saml2')} phase={phase} onRetry={start}>
      <Text>{t('auth.saml.popups', { origin: endpoint.origin })}</Text>
    </SignInStatus>
  );
}

function SignInStatus({
  name,
  phase,
  onRetry,
  children,
}: {
  name: string;
  phase: Phase;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('login.heading')}>
      {children}
      {phase.kind === 'waiting' && (
        <>
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('auth.provider.waiting', { provider: name })}</Text>
          </Group>
          <Text size="sm">{t('auth.provider.popupHint')}</Text>
        </>
      )}
      {phase.kind === 'blocked' && (
        <>
          <Callout color="yellow" title={t('auth.provider.blockedTitle')} role="alert">
            {t('auth.provider.blocked')}
          </Callout>
          <Button onClick={onRetry}>{t('auth.provider.open')}</Button>
        </>
      )}
      {phase.kind === 'failed' && (
        <>
          <Failure title={t('auth.problem')}>{phase.message}</Failure>
          <Button onClick={onRetry}>{t('auth.tryAgain')}</Button>
        </>
      )}
      {phase.kind === 'misconfigured' && (
        <Failure title={t('auth.problem')}>{t('auth.provider.misconfigured', { setting: phase.setting })}</Failure>
      )}
    </AuthPage>
  );
}

/**
 * /login for every provider but basic and LDAP (docs/console/account-screens.md#sign-in-screens), or why signing in is
 * not possible.
 */
function ProviderLogin() {
  const { t } = useTranslation();
  const { provider } = useConfig();
  if (isOAuthProvider(provider)) return <OAuthLogin provider={provider} />;
  if (provider === 'saml2') return <SamlLogin />;
  return (
    <AuthPage title={t('login.heading')}>
      <Failure title={t('auth.provider.impossible')}>{t('auth.provider.unknown', { provider })}</Failure>
    </AuthPage>
  );
}

export default withMessages([authMessages], ProviderLogin);
