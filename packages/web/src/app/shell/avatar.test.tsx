import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { initials, pictureUrl } from './UserAvatar';
import { alertsScenario } from '../../test/mocks';

async function accountButton(claims: Parameters<typeof makeToken>[0]) {
  alertsScenario.list([]);
  const app = renderApp('/alerts', { token: makeToken(claims) });
  const button = await screen.findByRole('button', { name: /^Account menu for / });
  return { ...app, button };
}

describe('avatar', () => {
  it("shows the token's https picture, as decoration of the labelled button", async () => {
    const { button } = await accountButton({ name: 'Alice Example', picture: 'https://avatars.example.com/u/1?s=64' });
    const image = button.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://avatars.example.com/u/1?s=64');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(button).toHaveAccessibleName('Account menu for alice@example.com');
  });

  it('shows initials when there is no picture', async () => {
    const { button } = await accountButton({ name: 'Alice Example' });
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AE');
  });

  it.each(['http://avatars.example.com/u/1', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url'])(
    'does not load a picture that is not https: %s',
    async (picture) => {
      const { button } = await accountButton({ name: 'Alice Example', picture });
      expect(button.querySelector('img')).toBeNull();
      expect(button.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AE');
    },
  );

  it('falls back to initials when the picture does not load', async () => {
    const { button } = await accountButton({ name: 'Bob Builder', picture: 'https://avatars.example.com/gone.png' });
    fireEvent.error(button.querySelector('img') as HTMLImageElement);
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'BB');
  });

  it('names the login provider in the profile card', async () => {
    const { user, button } = await accountButton({ provider: 'github', preferred_username: 'octo' });
    await user.click(button);
    expect(await within(screen.getByRole('dialog')).findByText('Signed in with GitHub')).toBeInTheDocument();
  });

  it.each([
    ['keycloak', 'Keycloak'],
    ['openid', 'OpenID Connect'],
    ['cognito', 'Amazon Cognito'],
    ['saml2', 'SAML 2.0'],
    ['someother', 'someother'],
  ])('calls provider %s "%s"', async (provider, name) => {
    const { user, button } = await accountButton({ provider });
    await user.click(button);
    expect(await within(screen.getByRole('dialog')).findByText(`Signed in with ${name}`)).toBeInTheDocument();
  });
});

describe('avatar helpers', () => {
  it('accepts only https picture addresses', () => {
    expect(pictureUrl('https://a.example/p.png')).toBe('https://a.example/p.png');
    expect(pictureUrl('HTTPS://A.EXAMPLE/p.png')).toBe('https://a.example/p.png');
    expect(pictureUrl('//a.example/p.png')).toBeNull();
    expect(pictureUrl(undefined)).toBeNull();
  });

  it('takes up to two initials', () => {
    expect(initials('Alice Example')).toBe('AE');
    expect(initials('alice@example.com')).toBe('A');
    expect(initials('jean-luc picard smith')).toBe('JL');
    expect(initials('émile')).toBe('É');
    expect(initials('')).toBe('');
  });
});
