import { Alert, Button, Drawer, Form, type FormProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { dialogAttributes } from './dialog-attributes.ts';
import type { ContractForm } from './use-contract-form.ts';
import { useSharedUiI18n } from './use-shared-ui-i18n.ts';
import './form-drawer.css';

interface FormDrawerProps<S extends z.ZodType> {
  /** From `useContractForm`: the form, its pending state and its failure. */
  contract: ContractForm<S>;
  open: boolean;
  title: string;
  onClose: () => void;
  /** The values the form opens with: the record being edited, or a new one's defaults. */
  initialValues: Partial<z.input<S>>;
  /** Changes with the record, so a drawer opened for another one starts afresh. */
  formKey: string | number;
  /** Pixels, or a CSS length for a drawer that follows the window (`min(1200px, calc(100vw - 48px))`). */
  width?: number | string;
  /** The form's control size, where a dense form (rows of a table) wants the small one. */
  size?: FormProps['size'];
  /** The save button's text, where "save" is not the word (e.g. "publish"). */
  saveText?: string;
  /** Buttons before cancel (e.g. "preview"). */
  extraFooter?: ReactNode;
  /** Shown above the form (e.g. a note on what the record is). */
  intro?: ReactNode;
  /**
   * Shown instead of the form, with save off: a skeleton while the record loads, or why it could not
   * load. The form mounts, with its initial values, once this is gone.
   */
  instead?: ReactNode;
  /**
   * The buttons in place of cancel and save, while `instead` shows something that is not to be saved
   * (the record as saved, with "keep editing" and "close").
   */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * Every create / edit drawer: the drawer, cancel and save, the form (vertical, disabled while
 * sending), the failure alert, and a fresh form for each record. The fields are the caller's.
 */
export function FormDrawer<S extends z.ZodType>({
  contract,
  open,
  title,
  onClose,
  initialValues,
  formKey,
  width = 560,
  size,
  saveText,
  extraFooter,
  intro,
  instead,
  footer,
  className,
  children,
}: FormDrawerProps<S>) {
  const { t } = useSharedUiI18n();
  return (
    <Drawer
      width={width}
      visible={open}
      title={title}
      onCancel={onClose}
      footer={
        footer ?? (
          <>
            {extraFooter}
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button
              type="primary"
              loading={contract.pending}
              disabled={instead != null}
              onClick={() => contract.form.submit()}
            >
              {saveText ?? t('form.save')}
            </Button>
          </>
        )
      }
      unmountOnExit
      {...dialogAttributes(title)}
      className={`form-drawer ${className ?? ''}`}
    >
      {open && instead != null ? instead : null}
      {open && instead == null ? (
        <>
          {intro}
          <Form<z.input<S>>
            key={formKey}
            form={contract.form}
            layout="vertical"
            size={size}
            disabled={contract.pending}
            initialValues={initialValues as z.input<S>}
            onSubmit={contract.onSubmit}
            onChange={contract.clearFailure}
          >
            {children}
            {contract.failure ? (
              <Alert className="form-drawer__failure" type="error" content={contract.failure} />
            ) : null}
          </Form>
        </>
      ) : null}
    </Drawer>
  );
}

/** Two fields side by side (they stack on a narrow drawer). */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="form-drawer__row">{children}</div>;
}
