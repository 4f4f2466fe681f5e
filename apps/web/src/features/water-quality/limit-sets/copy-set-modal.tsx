import { Alert, Form, Input, Modal } from '@arco-design/web-react';
import { type WqLimitSet, wqLimitSetCopySchema } from '@water/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { useCopySet } from './limit-sets-queries.ts';
import type { SetsI18n } from './use-sets-i18n.ts';

/** A set copied under a new name (its own by default, marked local): the copy then opens to edit. */
export function CopySetModal({
  source,
  onClose,
  onCopied,
  i18n,
}: {
  source: WqLimitSet | null;
  onClose: () => void;
  onCopied: (copy: WqLimitSet) => void;
  i18n: SetsI18n;
}) {
  const { t, tv, locale } = i18n;
  const copy = useCopySet(locale);
  const [name, setName] = useState('');
  const [seen, setSeen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Another set to copy: its name is the proposal.
  if (source && source.id !== seen) {
    setSeen(source.id);
    setName(t('wqSets.copyModal.defaultName', { name: source.name }).slice(0, 60));
    setError(null);
    setFailure(null);
  }

  const submit = async () => {
    if (!source) return;
    const parsed = wqLimitSetCopySchema.safeParse({ name });
    if (!parsed.success) {
      setError(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setFailure(null);
    try {
      onCopied(await copy.mutateAsync({ id: source.id, name: parsed.data.name }));
    } catch (err) {
      setFailure(errorText(err, t('wqSets.invalid')));
    }
  };

  return (
    <Modal
      visible={source !== null}
      title={source ? t('wqSets.copyModal.title', { name: source.name }) : ''}
      okText={t('wqSets.copyModal.ok')}
      confirmLoading={copy.isPending}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => setSeen(null)}
      unmountOnExit
    >
      <p className="wq-muted wq-copy__hint">{t('wqSets.copyModal.hint')}</p>
      <Form layout="vertical" onSubmit={submit}>
        <Form.Item
          label={t('wqSets.copyModal.name')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            aria-label={t('wqSets.copyModal.name')}
            maxLength={60}
            value={name}
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" content={failure} /> : null}
    </Modal>
  );
}
