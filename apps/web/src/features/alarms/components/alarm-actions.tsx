import { Button, DatePicker, Input, Message, Modal, Radio, Select, Tooltip } from '@arco-design/web-react';
import { IconCheck, IconFile, IconPause, IconPlayArrow, IconStop } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  type AlarmDetail,
  alarmClearBodySchema,
  alarmCommentBodySchema,
  alarmShelveBodySchema,
} from '@water/contracts/alarms';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { stateFlags } from '../alarm-labels.ts';
import { alarmQueries, useAcknowledgeAlarms, useAlarmAction } from '../api/alarm-queries.ts';
import { isShelved } from '../list/alarm-columns.tsx';
import type { AlarmsI18n } from '../use-alarms-i18n.ts';

type Action = ReturnType<typeof useAlarmAction>;

/** The first contract issue of a body, as a validation text; null when the body is good. */
function issueOf(result: { success: boolean; error?: { issues: { message: string }[] } }, i18n: AlarmsI18n) {
  return result.success ? null : i18n.tv(result.error?.issues[0]?.message ?? '');
}

/** The shelving's quick choices: in an hour, in four, tomorrow at eight. */
export function shelveChoice(choice: '1h' | '4h' | 'tomorrow', now = new Date()): Date {
  if (choice === '1h') return new Date(now.getTime() + 3600_000);
  if (choice === '4h') return new Date(now.getTime() + 4 * 3600_000);
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 0, 0, 0);
}

/** What the clear and shelve dialogs take. */
interface DialogProps {
  alarm: AlarmDetail;
  action: Action;
  visible: boolean;
  onClose: () => void;
  i18n: AlarmsI18n;
}

/** A dialog's or the comment box's refusal, read out as it appears. */
function FormError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="alarm-form__error">
      {error}
    </p>
  ) : null;
}

function ClearModal({ alarm, action, visible, onClose, i18n }: DialogProps) {
  const { t } = i18n;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const body = alarmClearBodySchema.safeParse({ reason });
    const issue = issueOf(body, i18n);
    if (issue || !body.success) return setError(issue);
    return action.mutateAsync({ kind: 'clear', reason: body.data.reason }).then(
      () => {
        Message.success(t('alarms.done.clear'));
        setReason('');
        onClose();
      },
      // The request layer has shown the server's message.
      () => undefined,
    );
  };
  return (
    <Modal
      visible={visible}
      title={t('alarms.clear.title', { title: alarm.title })}
      okText={t('alarms.action.clear')}
      cancelText={t('alarms.cancel')}
      okButtonProps={{ status: 'danger' }}
      confirmLoading={action.isPending}
      onOk={submit}
      onCancel={onClose}
      unmountOnExit
    >
      <label className="alarm-form__label" htmlFor="alarm-clear-reason">
        {t('alarms.clear.reason')}
      </label>
      <Input.TextArea
        id="alarm-clear-reason"
        aria-label={t('alarms.clear.reason')}
        aria-invalid={error ? true : undefined}
        placeholder={t('alarms.clear.placeholder')}
        maxLength={300}
        showWordLimit
        autoSize={{ minRows: 3, maxRows: 6 }}
        value={reason}
        status={error ? 'error' : undefined}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <FormError error={error} />
    </Modal>
  );
}

type ShelveChoice = '1h' | '4h' | 'tomorrow' | 'custom';

function ShelveModal({ alarm, action, visible, onClose, i18n }: DialogProps) {
  const { t } = i18n;
  const [choice, setChoice] = useState<ShelveChoice>('1h');
  const [custom, setCustom] = useState<Date | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const until = choice === 'custom' ? custom : shelveChoice(choice);
    if (!until || until.getTime() <= Date.now()) return setError(t('alarms.shelve.future'));
    const body = alarmShelveBodySchema.safeParse({ until: until.toISOString() });
    const issue = issueOf(body, i18n);
    if (issue || !body.success) return setError(issue);
    return action.mutateAsync({ kind: 'shelve', until: body.data.until }).then(
      () => {
        Message.success(t('alarms.done.shelve', { time: formatDateTime(until.toISOString(), i18n.locale) }));
        onClose();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      visible={visible}
      title={t('alarms.shelve.title', { title: alarm.title })}
      okText={t('alarms.action.shelve')}
      cancelText={t('alarms.cancel')}
      confirmLoading={action.isPending}
      onOk={submit}
      onCancel={onClose}
      unmountOnExit
    >
      <p className="alarm-form__hint">{t('alarms.shelve.hint')}</p>
      <Radio.Group
        type="button"
        aria-label={t('alarms.shelve.until')}
        value={choice}
        onChange={(value: ShelveChoice) => {
          setChoice(value);
          setError(null);
        }}
        className="alarm-form__choices"
      >
        <Radio value="1h">{t('alarms.shelve.1h')}</Radio>
        <Radio value="4h">{t('alarms.shelve.4h')}</Radio>
        <Radio value="tomorrow">{t('alarms.shelve.tomorrow')}</Radio>
        <Radio value="custom">{t('alarms.shelve.custom')}</Radio>
      </Radio.Group>
      {choice === 'custom' ? (
        <DatePicker
          className="alarm-form__time"
          aria-label={t('alarms.shelve.until')}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={custom}
          disabledDate={(d) => d.isBefore(new Date(), 'day')}
          onChange={(_text, value) => {
            setCustom(value ? value.toDate() : undefined);
            setError(null);
          }}
        />
      ) : (
        <p className="alarm-form__preview">
          {t('alarms.shelve.preview', {
            time: formatDateTime(shelveChoice(choice).toISOString(), i18n.locale),
          })}
        </p>
      )}
      <FormError error={error} />
    </Modal>
  );
}

/**
 * What a handler may do to the alarm: acknowledge, clear with a reason, shelve until a time (or
 * unshelve), assign (or unassign); and the work order, which waits for its module.
 */
export function AlarmActions({ alarm, i18n }: { alarm: AlarmDetail; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const action = useAlarmAction(alarm.id, locale);
  const acknowledge = useAcknowledgeAlarms(locale);
  const assignees = useQuery(alarmQueries.assignees());
  const [dialog, setDialog] = useState<'clear' | 'shelve' | null>(null);
  const { active, acknowledged } = stateFlags(alarm.state);
  const shelved = isShelved(alarm, Date.now());

  const options = (assignees.data ?? []).map((u) => ({ label: `${u.name} (${u.username})`, value: u.id }));
  // The current assignee stays shown even if they may no longer be assigned.
  if (alarm.assigneeId !== null && !options.some((o) => o.value === alarm.assigneeId)) {
    options.unshift({ label: alarm.assigneeName ?? String(alarm.assigneeId), value: alarm.assigneeId });
  }

  return (
    <div className="alarm-actions" role="toolbar" aria-label={t('alarms.detail.actions')}>
      {acknowledged ? null : (
        <Button
          type="primary"
          icon={<IconCheck />}
          loading={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutateAsync([alarm.id]).then(
              () => Message.success(t('alarms.done.acknowledge')),
              () => undefined,
            )
          }
        >
          {t('alarms.action.acknowledge')}
        </Button>
      )}
      {active ? (
        <Button status="danger" icon={<IconStop />} onClick={() => setDialog('clear')}>
          {t('alarms.action.clear')}
        </Button>
      ) : null}
      {shelved ? (
        <Button
          icon={<IconPlayArrow />}
          loading={action.isPending && action.variables?.kind === 'shelve'}
          onClick={() =>
            action.mutateAsync({ kind: 'shelve', until: null }).then(
              () => Message.success(t('alarms.done.unshelve')),
              () => undefined,
            )
          }
        >
          {t('alarms.action.unshelve')}
        </Button>
      ) : (
        <Button icon={<IconPause />} onClick={() => setDialog('shelve')}>
          {t('alarms.action.shelve')}
        </Button>
      )}
      <Select
        className="alarm-actions__assignee"
        aria-label={t('alarms.action.assign')}
        placeholder={t('alarms.action.assignPlaceholder')}
        allowClear
        showSearch
        loading={assignees.isPending || (action.isPending && action.variables?.kind === 'assign')}
        value={alarm.assigneeId ?? undefined}
        options={options}
        onChange={(userId: number | undefined) =>
          action.mutateAsync({ kind: 'assign', userId: userId ?? null }).then(
            () => Message.success(t(userId ? 'alarms.done.assign' : 'alarms.done.unassign')),
            () => undefined,
          )
        }
      />
      <Tooltip content={t('alarms.workOrder.unavailable')}>
        <span className="alarm-actions__work-order" data-testid="work-order">
          <Button icon={<IconFile />} disabled aria-describedby={`alarm-work-order-${alarm.id}`}>
            {t('alarms.action.workOrder')}
          </Button>
          <span id={`alarm-work-order-${alarm.id}`} className="sr-only">
            {t('alarms.workOrder.unavailable')}
          </span>
        </span>
      </Tooltip>
      <ClearModal
        alarm={alarm}
        action={action}
        visible={dialog === 'clear'}
        onClose={() => setDialog(null)}
        i18n={i18n}
      />
      <ShelveModal
        alarm={alarm}
        action={action}
        visible={dialog === 'shelve'}
        onClose={() => setDialog(null)}
        i18n={i18n}
      />
    </div>
  );
}

/** A comment on the alarm's timeline. */
export function AlarmCommentBox({ alarm, i18n }: { alarm: AlarmDetail; i18n: AlarmsI18n }) {
  const { t, locale } = i18n;
  const action = useAlarmAction(alarm.id, locale);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const body = alarmCommentBodySchema.safeParse({ text });
    const issue = issueOf(body, i18n);
    if (issue || !body.success) return setError(issue);
    return action.mutateAsync({ kind: 'comment', text: body.data.text }).then(
      () => setText(''),
      () => undefined,
    );
  };
  return (
    <div className="alarm-comment">
      <Input.TextArea
        aria-label={t('alarms.comment.label')}
        placeholder={t('alarms.comment.placeholder')}
        maxLength={500}
        autoSize={{ minRows: 2, maxRows: 5 }}
        value={text}
        status={error ? 'error' : undefined}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
      />
      <FormError error={error} />
      <Button type="primary" loading={action.isPending} onClick={() => void submit()} className="alarm-comment__send">
        {t('alarms.comment.send')}
      </Button>
    </div>
  );
}
