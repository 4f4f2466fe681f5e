import { Button, Popconfirm, Space } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useSharedUiI18n } from './use-shared-ui-i18n.ts';

/** A row's actions, side by side in the actions column. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Space size={0} className="list-page__row-actions">
      {children}
    </Space>
  );
}

interface RowActionProps {
  /** The button's text ("Edit"). */
  text: string;
  /** Its accessible name, which says which row ("Edit PS-01"). */
  label: string;
  danger?: boolean;
  disabled?: boolean;
}

/** An action that acts at once (opens a drawer, a page). */
export function RowAction({
  text,
  label,
  danger = false,
  disabled,
  onClick,
}: RowActionProps & { onClick: () => void }) {
  return (
    <Button
      type="text"
      size="small"
      status={danger ? 'danger' : 'default'}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}

/**
 * An action asked again first (publish, disable, delete): the question names the row, the confirm
 * button repeats the action, and a dangerous one is red in both places.
 */
export function ConfirmAction({
  text,
  label,
  danger = false,
  disabled,
  question,
  hint,
  onConfirm,
}: RowActionProps & {
  /** "Delete notice 'Pipe works on Main St'?" */
  question: string;
  /** A line under the question: what the action will not do, or when it is refused. */
  hint?: string;
  /** Resolves when done: the confirm button spins until then. */
  onConfirm: () => Promise<unknown> | undefined;
}) {
  const { t } = useSharedUiI18n();
  return (
    <Popconfirm
      title={question}
      content={hint}
      okText={text}
      cancelText={t('form.cancel')}
      okButtonProps={danger ? { status: 'danger' } : {}}
      onOk={onConfirm}
    >
      <Button type="text" size="small" status={danger ? 'danger' : 'default'} aria-label={label} disabled={disabled}>
        {text}
      </Button>
    </Popconfirm>
  );
}
