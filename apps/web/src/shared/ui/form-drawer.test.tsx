import { Form, Input, InputNumber } from '@arco-design/web-react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/http.ts';
import { renderPage } from '../testing/render-page.tsx';
import { FormDrawer } from './form-drawer.tsx';
import { useContractForm } from './use-contract-form.ts';

const schema = z
  .object({
    name: z.string().trim().min(1, { error: 'validation.required' }).max(20),
    low: z.number().nullable().default(null),
    high: z.number().nullable().default(null),
  })
  .refine((v) => v.low === null || v.high === null || v.high >= v.low, {
    error: 'validation.warrantyBeforeInstall',
    path: ['high'],
  });

function TestDrawer({
  submit,
  onSaved,
}: {
  submit: (body: z.output<typeof schema>) => Promise<unknown>;
  onSaved: () => void;
}) {
  const contract = useContractForm({ schema, submit, onSaved });
  return (
    <FormDrawer contract={contract} open title="Edit pump" onClose={vi.fn()} initialValues={{ name: '' }} formKey="1">
      <Form.Item label="Name" field="name" rules={[contract.rule('name')]}>
        <Input />
      </Form.Item>
      <Form.Item label="Low" field="low">
        <InputNumber aria-label="Low" />
      </Form.Item>
      <Form.Item label="High" field="high">
        <InputNumber aria-label="High" />
      </Form.Item>
    </FormDrawer>
  );
}

describe('FormDrawer with useContractForm', () => {
  it('sends the body the contract parsed, and reports the save', async () => {
    const submit = vi.fn(() => Promise.resolve({ id: 1 }));
    const onSaved = vi.fn();
    const { user } = renderPage(<TestDrawer submit={submit} onSaved={onSaved} />, { locale: 'en-US' });
    const drawer = screen.getByRole('dialog', { name: 'Edit pump' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), '  P-01 ');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 1 }));
    // Trimmed by the contract, defaults filled in.
    expect(submit).toHaveBeenCalledWith({ name: 'P-01', low: null, high: null });
  });

  it("refuses what the contract's cross-field rule refuses, on its field, without sending", async () => {
    const submit = vi.fn(() => Promise.resolve({}));
    const { user } = renderPage(<TestDrawer submit={submit} onSaved={vi.fn()} />, { locale: 'en-US' });
    const drawer = screen.getByRole('dialog', { name: 'Edit pump' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'P-01');
    await user.type(within(drawer).getByRole('spinbutton', { name: 'Low' }), '5');
    await user.type(within(drawer).getByRole('spinbutton', { name: 'High' }), '2');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    // The field's message and the alert say the same.
    await waitFor(() => expect(within(drawer).getAllByText(/warranty/i)).toHaveLength(2));
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields and its message in the alert; the form is usable again", async () => {
    let release: (reason: unknown) => void = () => undefined;
    const submit = vi.fn(
      () =>
        new Promise((_resolve, reject) => {
          release = reject;
        }),
    );
    const { user } = renderPage(<TestDrawer submit={submit} onSaved={vi.fn()} />, { locale: 'en-US' });
    const drawer = screen.getByRole('dialog', { name: 'Edit pump' });
    const name = within(drawer).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'P-01');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    // Sending: the form is disabled.
    await waitFor(() => expect((name as HTMLInputElement).disabled).toBe(true));
    release(
      new ApiError('A pump with this name exists', 409, { errors: [{ field: 'name', message: 'Name already used' }] }),
    );
    expect(await within(drawer).findByText('Name already used')).toBeTruthy();
    expect(within(drawer).getByText('A pump with this name exists')).toBeTruthy();
    expect((name as HTMLInputElement).disabled).toBe(false);
    expect(within(drawer).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
