import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import ModuleUnavailablePage from './module-unavailable-page.tsx';

describe('ModuleUnavailablePage', () => {
  it('says the module is not available yet, with a neutral icon rather than the 404 illustration', () => {
    const { container } = renderPage(<ModuleUnavailablePage />, { locale: 'en-US' });
    expect(screen.getByText('This module is not available yet')).toBeTruthy();
    expect(container.querySelector('.arco-result-is-404')).toBeNull();
    expect(container.querySelector('.module-unavailable__icon')).not.toBeNull();
  });
});
