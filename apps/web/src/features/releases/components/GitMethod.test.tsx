// @vitest-environment jsdom
import '../releases-catalog.ts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { GitMethod } from './GitMethod.tsx';

afterEach(cleanup);

describe('GitMethod', () => {
  it('shows the remote from username, git server and fleet slug, each command with a copy button', async () => {
    renderWithProviders(<GitMethod fleetSlug="acme/garden" gitServer="git.example.org" username="ada" />);
    const remote = await screen.findByLabelText('Git remote');
    expect((remote as HTMLInputElement).value).toBe('ada@git.example.org:acme/garden.git');
    expect((screen.getByLabelText('Add the remote') as HTMLInputElement).value).toBe('git remote add flotilla ada@git.example.org:acme/garden.git');
    expect(screen.getByRole('button', { name: 'Copy Git remote' })).toBeTruthy();
  });

  it('says the server has no git endpoint instead of showing a remote nobody answers', async () => {
    renderWithProviders(<GitMethod fleetSlug="acme/garden" gitServer={null} username="ada" />);
    expect(await screen.findByText(/no git endpoint configured/)).toBeTruthy();
    expect(screen.queryByLabelText('Git remote')).toBeNull();
  });
});
