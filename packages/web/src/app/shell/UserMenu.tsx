import { Button, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Session } from '../../features/auth/token';

/**
 * The account menu of the top bar: who is logged in, and the way out. A small hand-made menu button, so the first
 * screen does not pay for a positioning library.
 */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLButtonElement>(null);
  const { claims } = session;
  const name = claims.preferred_username ?? claims.name ?? claims.email ?? claims.sub ?? '';

  useEffect(() => {
    if (!open) return;
    firstItemRef.current?.focus();
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

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === 'Tab') close();
  };

  return (
    <div ref={rootRef} style={{ position: 'relative' }}>
      <Button
        ref={buttonRef}
        variant="subtle"
        color="gray"
        aria-label={t('shell.userMenu', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {name}
      </Button>
      {open && (
        <Paper
          id={menuId}
          role="menu"
          aria-label={t('shell.userMenu', { name })}
          shadow="md"
          withBorder
          p={4}
          style={{ position: 'absolute', right: 0, top: '100%', zIndex: 300, minWidth: 180 }}
          onKeyDown={onMenuKeyDown}
        >
          <Stack gap={0}>
            {claims.name !== undefined && claims.name !== name && (
              <Text size="sm" c="dimmed" px="sm" py={4}>
                {claims.name}
              </Text>
            )}
            <UnstyledButton
              ref={firstItemRef}
              role="menuitem"
              px="sm"
              py={6}
              onClick={() => {
                setOpen(false);
                void navigate('/logout');
              }}
            >
              {t('shell.logOut')}
            </UnstyledButton>
          </Stack>
        </Paper>
      )}
    </div>
  );
}
