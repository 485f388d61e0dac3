import '@mantine/core/styles/PasswordInput.css';
import { Paper, PasswordInput, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from '../../shared/passwordRules';

/** The frame of every account screen: a narrow card with the screen's heading. */
export function AuthPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper maw={460} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export interface NewPassword {
  password: string;
  confirm: string;
}

/**
 * A new password and its repetition (sign-up, reset): at least {@link PASSWORD_MIN_LENGTH} characters, both the
 * same. Problems show once `checked` (after the first submit).
 */
export function NewPasswordFields({
  value,
  onChange,
  checked,
  passwordLabel,
  disabled = false,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  checked: boolean;
  passwordLabel: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const problems = passwordProblems(value.password, value.confirm);
  const text = (problem: PasswordProblem | undefined): string | undefined => {
    if (!checked || problem === undefined) return undefined;
    if (problem === 'required') return t('admin.required');
    if (problem === 'tooShort') return t('admin.minLength', { count: PASSWORD_MIN_LENGTH });
    return t('admin.passwordsDiffer');
  };
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        required
        disabled={disabled}
        description={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        value={value.password}
        error={text(problems.password)}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
      />
      <PasswordInput
        label={t('auth.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        required
        disabled={disabled}
        value={value.confirm}
        error={text(problems.confirm)}
        onChange={(event) => onChange({ ...value, confirm: event.currentTarget.value })}
      />
    </>
  );
}
