import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { sessionQueries } from '../session/session-queries.ts';
import { hasPermissions, hasRole, Permission, ROLES_REQUIRED_ERROR } from './permission.tsx';

function renderAs(role: string, permissions: string[], ui: React.ReactNode) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const client = new QueryClient();
  client.setQueryData(sessionQueries.roleInfo().queryKey, { role, permissions } as never);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('Permission', () => {
  it('hides its children from roles not listed', () => {
    renderAs(
      'user',
      [],
      <>
        <Permission roles={['admin']}>
          <button type="button">Delete</button>
        </Permission>
        <Permission roles={['admin', 'user']}>
          <button type="button">View</button>
        </Permission>
        <Permission roles={[]}>
          <button type="button">Open</button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
  });

  it('gates buttons by permission strings; *:*:* holds them all', () => {
    renderAs(
      'user',
      ['system:user:list'],
      <>
        <Permission permissions={['system:user:write']}>
          <button type="button">Edit user</button>
        </Permission>
        <Permission permissions={['system:user:list']}>
          <button type="button">List users</button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Edit user' })).toBeNull();
    expect(screen.getByRole('button', { name: 'List users' })).toBeTruthy();
    expect(hasPermissions(['system:user:write'], ['*:*:*'])).toBe(true);
  });

  it('throws the spec error for a value that is not a list', () => {
    expect(() => hasRole('admin', 'admin')).toThrow(ROLES_REQUIRED_ERROR);
    expect(ROLES_REQUIRED_ERROR).toBe(`need roles! Like v-permission="['admin','user']"`);
  });
});
