import { Button, Paper } from '@mantine/core';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePauseWhileOpen } from '../../features/alerts';
import { type Session } from '../../features/auth';
import { lazyChunk } from '../lazyChunk';
import type { ProfileCard as ProfileCardComponent } from './ProfileCard';
import { UserAvatar } from './UserAvatar';
import classes from './Shell.module.css';

// The card is drawn only when asked for, so its code waits until then.
const ProfileCard = lazyChunk<Parameters<typeof ProfileCardComponent>[0]>(() =>
  import('./ProfileCard').then((m) => ({ default: m.ProfileCard })),
);

/**
 * The account button of the top bar, opening the profile card (docs/console/shell.md#profile-card). A small hand-made
 * popup, so the first screen does not pay for a positioning library.
 */
export function UserMenu({ session, wide = false }: { session: Session; wide?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cardId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const { claims } = session;
  const name = claims.preferred_username ?? claims.name ?? claims.email ?? claims.sub ?? '';
  const label = t('shell.userMenu', { name });
  // Like any popup, the card holds the alert list still while it is open (docs/console/behaviour.md#states-and-actions
  // "Auto-refresh").
  usePauseWhileOpen(open);

  useEffect(() => {
    if (!open) return;
    cardRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onCardKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    // Handled here: a menu the card sits in stays open.
    event.preventDefault();
    close();
  };

  return (
    <div ref={rootRef} style={{ position: 'relative' }}>
      <Button
        ref={buttonRef}
        variant="subtle"
        color="gray"
        // In the phone's top-bar menu the button takes the menu's width and a 44 px height, and the card opens under it
        // in the menu (docs/console/shell.md#phone-top-bar); in the top bar the name gives way to the avatar on
        // narrower screens, so the bar never clips (the full name stays in the label).
        {...(wide ? { h: 44, fullWidth: true, justify: 'flex-start' } : {})}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        onClick={() => setOpen((value) => !value)}
        leftSection={<UserAvatar picture={claims.picture} name={claims.name ?? name} />}
      >
        <span className={wide ? undefined : classes.name}>{name}</span>
      </Button>
      {open && (
        <Paper
          ref={cardRef}
          id={cardId}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          shadow="md"
          withBorder
          p="md"
          w={wide ? '100%' : 320}
          maw="calc(100vw - 16px)"
          style={wide ? { marginTop: 4 } : { position: 'absolute', right: 0, top: '100%', zIndex: 300 }}
          onKeyDown={onCardKeyDown}
        >
          <Suspense fallback={null}>
            <ProfileCard
              session={session}
              onCancel={close}
              onLogOut={() => {
                setOpen(false);
                void navigate('/logout');
              }}
            />
          </Suspense>
        </Paper>
      )}
    </div>
  );
}
