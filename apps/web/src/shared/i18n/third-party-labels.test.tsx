import { Tree } from '@arco-design/web-react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';

const treeData = [{ key: 'city', title: '岚川市', children: [{ key: 'east', title: '城东区' }] }];

describe('ThirdPartyLabels', () => {
  it("names Arco Tree's expand icon in the console's language, and follows it as the node opens", async () => {
    const { user } = renderPage(<Tree treeData={treeData} />);
    // Arco opens every node at first: its icon folds.
    const fold = await screen.findByRole('button', { name: '收起' });
    expect(document.querySelector('[aria-label="expand button"], [aria-label="fold button"]')).toBeNull();
    await user.click(fold);
    expect(await screen.findByRole('button', { name: '展开' })).toBeTruthy();
  });

  it('does so in English too, with words a screen reader can say', async () => {
    renderPage(<Tree treeData={treeData} />, { locale: 'en-US' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Collapse' })).toBeTruthy());
  });
});
