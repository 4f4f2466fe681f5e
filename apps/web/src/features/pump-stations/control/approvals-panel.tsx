import { Alert, Button, Empty, Input, Message, Modal, Skeleton, Tag } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ControlStation, decisionInputSchema, type PumpCommand, pumpControlApi } from '@water/contracts';
import { useState } from 'react';
import { callApi } from '../../../shared/api/http.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { ConfirmAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { stationCommands } from './command-history.tsx';
import { COMMAND_STATE_COLORS, countdown, paramsText } from './control-format.ts';
import { pumpControlQueries } from './pump-control-queries.ts';
import type { PumpControlI18n } from './use-pump-control-i18n.ts';

/**
 * Four eyes: the station's commands awaiting an approval the caller may give (never their own), each
 * with its deadline, to approve (checked again and sent at once) or refuse with a reason.
 */
export function ApprovalsPanel({
  station,
  now,
  i18n,
}: {
  station: ControlStation;
  now: number;
  i18n: PumpControlI18n;
}) {
  const { t, locale } = i18n;
  const queryClient = useQueryClient();
  const approvals = useQuery(pumpControlQueries.approvals(station.station.id, locale));
  const [refusing, setRefusing] = useState<PumpCommand | null>(null);
  const specs = stationCommands(station);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pumpControlQueries.all });

  const approve = async (c: PumpCommand) => {
    await callApi(pumpControlApi.approve, { locale, params: { id: c.id }, body: { reason: '' } });
    Message.success(t('pumpControl.approvals.approved'));
    await refresh();
  };

  if (approvals.isError && !approvals.data) {
    return (
      <LoadFailedResult
        error={approvals.error}
        onRetry={() => approvals.refetch()}
        title={t('pumpControl.loadFailed')}
        requestFailed={t('pumpControl.requestFailed')}
        retryLabel={t('pumpControl.retry')}
      />
    );
  }
  if (!approvals.data) return <Skeleton animation text={{ rows: 3 }} />;
  const list = approvals.data.list;
  return (
    <>
      {list.length === 0 ? (
        <Empty description={t('pumpControl.approvals.empty')} />
      ) : (
        <ul className="pump-control-approvals" aria-label={t('pumpControl.approvals.title')}>
          {list.map((c) => {
            const pump = t('pumpControl.pump.title', { number: c.pumpNumber, name: c.pumpName });
            const params = paramsText(
              c,
              specs.find((s) => s.key === c.command),
              locale,
            );
            const due = c.approvalDeadline !== null && Date.parse(c.approvalDeadline) <= now;
            return (
              <li key={c.id} className="pump-control-approvals__item" aria-label={`${pump} ${c.commandName}`}>
                <div className="pump-control-approvals__what">
                  <span className="pump-control-approvals__command">
                    {pump} · {c.commandName}
                    {params ? <span className="pump-control-open__params">{params}</span> : null}
                  </span>
                  <span className="pump-control-approvals__reason">{c.reason}</span>
                  <span className="pump-control-approvals__by">
                    {t('pumpControl.open.by', {
                      name: c.requestedBy?.name ?? t('pumpControl.history.system'),
                      time: formatDateTime(c.requestedAt, locale, { seconds: true }),
                    })}
                  </span>
                </div>
                <Tag size="small" color={due ? 'gray' : COMMAND_STATE_COLORS.awaiting_approval}>
                  {due
                    ? t('pumpControl.approvals.expired')
                    : t('pumpControl.approvals.deadline', { time: countdown(c.approvalDeadline, now) })}
                </Tag>
                <RowActions>
                  <ConfirmAction
                    text={t('pumpControl.approvals.approve')}
                    label={t('pumpControl.approvals.approveLabel', { pump, command: c.commandName })}
                    question={t('pumpControl.approvals.approveQuestion', { pump, command: c.commandName })}
                    disabled={due}
                    onConfirm={() => approve(c)}
                  />
                  <Button
                    type="text"
                    size="small"
                    status="danger"
                    disabled={due}
                    aria-label={t('pumpControl.approvals.refuseLabel', { pump, command: c.commandName })}
                    onClick={() => setRefusing(c)}
                  >
                    {t('pumpControl.approvals.refuse')}
                  </Button>
                </RowActions>
              </li>
            );
          })}
        </ul>
      )}
      {refusing ? (
        <RefuseDialog command={refusing} i18n={i18n} onClose={() => setRefusing(null)} onDone={refresh} />
      ) : null}
    </>
  );
}

function RefuseDialog({
  command: c,
  i18n,
  onClose,
  onDone,
}: {
  command: PumpCommand;
  i18n: PumpControlI18n;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t, locale } = i18n;
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pump = t('pumpControl.pump.title', { number: c.pumpNumber, name: c.pumpName });
  const submit = async () => {
    const parsed = decisionInputSchema.safeParse({ reason: reason.trim() });
    if (!parsed.success) return setFailure(i18n.tv(parsed.error.issues[0]?.message ?? ''));
    setPending(true);
    try {
      await callApi(pumpControlApi.refuse, { locale, params: { id: c.id }, body: parsed.data, silent: true });
      Message.success(t('pumpControl.approvals.refusedDone'));
      await onDone();
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('pumpControl.dialog.failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      visible
      title={t('pumpControl.approvals.refuseTitle', { pump, command: c.commandName })}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose} disabled={pending}>
            {t('pumpControl.dialog.cancel')}
          </Button>
          <Button type="primary" status="danger" loading={pending} onClick={() => void submit()}>
            {t('pumpControl.approvals.refuse')}
          </Button>
        </>
      }
    >
      <Input.TextArea
        aria-label={t('pumpControl.approvals.refuseReason')}
        placeholder={t('pumpControl.approvals.refuseReason')}
        maxLength={200}
        showWordLimit
        value={reason}
        onChange={setReason}
      />
      {failure ? <Alert className="pump-control-dialog__alert" type="error" content={failure} /> : null}
    </Modal>
  );
}
