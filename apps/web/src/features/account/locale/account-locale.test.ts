import { describe, expect, it } from 'vitest';
import { accountZhCN } from './zh-CN.ts';

// Same keys, no empty text and the same placeholders in both locales: app/locale/locale-parity.test.ts.
describe('account dictionaries', () => {
  it('keys are all prefixed account.', () => {
    expect(Object.keys(accountZhCN).filter((key) => !key.startsWith('account.'))).toEqual([]);
  });
});
