import { Button, Input, Modal, Radio, Select, Space } from '@arco-design/web-react';
import { IconEdit, IconSave } from '@arco-design/web-react/icon';
import { CAMERA_GRID_SIZES, type CameraGridSize, type CameraLayout } from '@water/contracts';
import { useId, useState } from 'react';
import { ConfirmAction } from '../../../shared/ui/row-actions.tsx';
import type { CameraLiveI18n } from './use-camera-live-i18n.ts';

/** A grid's icon: its tiles as squares. */
function GridIcon({ n }: { n: CameraGridSize }) {
  const side = Math.sqrt(n);
  const gap = 1.5;
  const cell = (16 - gap * (side - 1)) / side;
  return (
    <svg className="camera-grid-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden focusable="false">
      {Array.from({ length: n }, (_, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed cells of a drawing.
          key={i}
          x={(i % side) * (cell + gap)}
          y={Math.floor(i / side) * (cell + gap)}
          width={cell}
          height={cell}
          rx={0.8}
          fill="currentColor"
        />
      ))}
    </svg>
  );
}

export interface LayoutActions {
  layouts: CameraLayout[];
  current: CameraLayout | undefined;
  /** The grid differs from the saved layout it came from. */
  changed: boolean;
  onLoad: (layout: CameraLayout) => void;
  onSave: () => Promise<unknown>;
  onSaveAs: (name: string) => Promise<unknown>;
  onRename: (name: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

/** The grid size, the caller's saved layouts (load, save, save as, rename, delete), and clear. */
export function LiveToolbar({
  grid,
  onGrid,
  filled,
  onClear,
  layout,
  i18n,
}: {
  grid: CameraGridSize;
  onGrid: (grid: CameraGridSize) => void;
  filled: number;
  onClear: () => void;
  layout: LayoutActions;
  i18n: CameraLiveI18n;
}) {
  const { t } = i18n;
  const [naming, setNaming] = useState<'saveAs' | 'rename' | null>(null);
  const { current } = layout;
  return (
    <div className="camera-live__tools">
      <Radio.Group
        type="button"
        size="small"
        aria-label={t('toolbar.grid')}
        value={grid}
        onChange={(value: CameraGridSize) => onGrid(value)}
        className="camera-live__grid-switch"
      >
        {CAMERA_GRID_SIZES.map((n) => (
          <Radio key={n} value={n}>
            <span className="camera-live__grid-option" title={t('toolbar.gridOf', { n })}>
              <GridIcon n={n} />
              <span className="sr-only">{t('toolbar.gridOf', { n })}</span>
            </span>
          </Radio>
        ))}
      </Radio.Group>
      <span className="camera-live__divider" aria-hidden />
      <Space size={4} wrap className="camera-live__layouts">
        <Select
          size="small"
          className="camera-live__layout-select"
          aria-label={t('layout.select')}
          placeholder={t('layout.placeholder')}
          notFoundContent={<span className="camera-live__quiet">{t('layout.none')}</span>}
          value={current?.id}
          onChange={(id: number) => {
            const chosen = layout.layouts.find((l) => l.id === id);
            if (chosen) layout.onLoad(chosen);
          }}
          options={layout.layouts.map((l) => ({ value: l.id, label: l.name }))}
          renderFormat={(_, value) =>
            current && value === current.id ? (
              <span>
                {current.name}
                {layout.changed ? <span className="camera-live__changed"> · {t('layout.changed')}</span> : null}
              </span>
            ) : null
          }
        />
        <Button
          size="small"
          icon={<IconSave />}
          onClick={() => (current ? layout.onSave() : setNaming('saveAs'))}
          aria-label={current ? t('layout.saveLabel', { name: current.name }) : t('layout.save')}
        >
          {t('layout.save')}
        </Button>
        <Button size="small" onClick={() => setNaming('saveAs')}>
          {t('layout.saveAs')}
        </Button>
        {current ? (
          <>
            <Button
              size="small"
              type="text"
              icon={<IconEdit />}
              aria-label={t('layout.renameLabel', { name: current.name })}
              onClick={() => setNaming('rename')}
            >
              {t('layout.rename')}
            </Button>
            <ConfirmAction
              text={t('layout.delete')}
              label={t('layout.deleteLabel', { name: current.name })}
              question={t('layout.deleteQuestion', { name: current.name })}
              hint={t('layout.deleteHint')}
              danger
              onConfirm={layout.onDelete}
            />
          </>
        ) : null}
      </Space>
      <span className="camera-live__divider" aria-hidden />
      <Button size="small" type="text" disabled={!filled} onClick={onClear}>
        {t('toolbar.clear')}
      </Button>
      {naming ? (
        <NameDialog
          title={naming === 'rename' ? t('layout.renameTitle') : t('layout.saveAsTitle')}
          initial={naming === 'rename' ? (current?.name ?? '') : ''}
          onCancel={() => setNaming(null)}
          onOk={async (name) => {
            await (naming === 'rename' ? layout.onRename(name) : layout.onSaveAs(name));
            setNaming(null);
          }}
          i18n={i18n}
        />
      ) : null}
    </div>
  );
}

/** Asks a layout's name (save as, rename). */
function NameDialog({
  title,
  initial,
  onOk,
  onCancel,
  i18n,
}: {
  title: string;
  initial: string;
  onOk: (name: string) => Promise<void>;
  onCancel: () => void;
  i18n: CameraLiveI18n;
}) {
  const { t, tv } = i18n;
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(tv('validation.required'));
    setBusy(true);
    try {
      await onOk(trimmed);
    } catch {
      // The request layer showed the refusal (a name already used): the dialog stays to fix it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible
      title={title}
      onCancel={onCancel}
      onOk={submit}
      confirmLoading={busy}
      okText={t('layout.ok')}
      cancelText={t('layout.cancel')}
      unmountOnExit
      autoFocus={false}
      focusLock
    >
      <div className="camera-live__name-field">
        <label htmlFor={inputId}>{t('layout.name')}</label>
        <Input
          id={inputId}
          autoFocus
          maxLength={40}
          showWordLimit
          value={name}
          status={error ? 'error' : undefined}
          onChange={(value) => {
            setName(value);
            setError('');
          }}
          onPressEnter={submit}
          aria-invalid={Boolean(error)}
        />
      </div>
      {error ? (
        <p role="alert" className="camera-live__name-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
