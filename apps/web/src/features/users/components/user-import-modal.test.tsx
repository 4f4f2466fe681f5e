import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { UserImportModal } from './user-import-modal.tsx';

describe('user import dialog', () => {
  it('takes a workbook or a UTF-8 CSV, as the server does', async () => {
    renderPage(<UserImportModal visible onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(['.xlsx', '.csv']);
    expect(screen.getByText('支持 .xlsx 与 UTF-8 编码的 .csv（不支持 GBK），不超过 2 MB')).toBeTruthy();
  });
});
