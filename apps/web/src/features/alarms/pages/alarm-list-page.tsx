import { Button, Message, Tag } from '@arco-design/web-react';
import { IconCheck } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { ALARM_BULK_MAX, type Alarm, alarmListQuerySchema } from '@water/contracts/alarms';
import { Permissions } from '@water/contracts/common/permissions';
import { useState } from 'react';
import { LIVE_STATUS_COLORS, useLiveStatus, useNow } from '../../../shared/live/live-hooks.ts';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { quietReadBack, useAlarmFeed } from '../api/alarm-live.ts';
import { alarmQueries, useAcknowledgeAlarms } from '../api/alarm-queries.ts';
import { AlarmDetailDrawer, useOpenAlarm } from '../components/alarm-detail-drawer.tsx';
import { AlarmSoundSwitch } from '../components/alarm-sound-switch.tsx';
import { alarmColumns, alarmRowClassName, openOnRowClick } from '../list/alarm-columns.tsx';
import { AlarmFilterFields } from '../list/alarm-filters.tsx';
import { useAlarmCommonI18n } from '../use-alarm-common-i18n.ts';
import { useAlarmsI18n } from '../use-alarms-i18n.ts';
import '../alarms.css';

const HANDLE = [Permissions.alarmHandle] as const;
const DEFAULTS = { view: 'open' as const, pageSize: 20 };
/** What the open list holds: alarms active, or cleared but not yet acknowledged. */
const OPEN_STATES = ['active-unack', 'active-ack', 'cleared-unack'] as const;

/**
 * 告警预警 (/bz/alarm): the open alarms (active, or cleared and not yet acknowledged), live over the
 * WebSocket. Severity colours, the unacknowledged ones standing out; filters in the address; bulk
 * acknowledge; a row (or `?alarm=<id>`) opens the drawer with the timeline, the chart and the actions.
 */
export function AlarmListPage() {
  const i18n = useAlarmsI18n();
  const common = useAlarmCommonI18n();
  const { t, locale } = i18n;
  const handler = useButtonPermission(HANDLE);
  const list = useListFilters(alarmListQuerySchema, { defaults: DEFAULTS });
  // The open list is that, whatever a hand-edited address says.
  const filters = { ...list.filters, view: 'open' as const };
  const alarms = useQuery(alarmQueries.list(filters, locale));
  const acknowledge = useAcknowledgeAlarms(locale);
  const [selected, setSelected] = useState<number[]>([]);
  const [, openAlarm] = useOpenAlarm();
  const now = useNow(30_000);
  const live = useLiveStatus();
  useAlarmFeed();

  const acknowledgeSelected = () =>
    acknowledge.mutateAsync(selected).then(
      ({ changed }) => {
        Message.success(t('alarms.done.bulkAcknowledge', { changed, asked: selected.length }));
        setSelected([]);
      },
      // The request layer has shown the server's message.
      () => undefined,
    );

  const actions = (
    <>
      <Tag color={LIVE_STATUS_COLORS[live]} className="alarm-live-tag">
        {t(`alarms.live.${live}`)}
      </Tag>
      <AlarmSoundSwitch />
      {handler ? (
        <Button
          type="primary"
          icon={<IconCheck />}
          disabled={selected.length === 0 || selected.length > ALARM_BULK_MAX}
          loading={acknowledge.isPending}
          onClick={() => void acknowledgeSelected()}
        >
          {selected.length ? t('alarms.acknowledgeSelectedN', { n: selected.length }) : t('alarms.acknowledgeSelected')}
        </Button>
      ) : null}
    </>
  );

  return (
    <ListPage<Alarm>
      className="alarm-page"
      title={t('alarms.list.title')}
      subtitle={t('alarms.list.subtitle')}
      actions={actions}
      filters={<AlarmFilterFields list={list} i18n={i18n} common={common} states={OPEN_STATES} />}
      list={list}
      query={quietReadBack(alarms)}
      columns={alarmColumns({ i18n, common, now, onOpen: (row) => openAlarm(row.id) })}
      columnsId="alarms-open"
      rowKey="id"
      emptyText={t('alarms.list.empty')}
      totalText={(total) => t('alarms.total', { total })}
      rowSelection={
        handler
          ? {
              type: 'checkbox',
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number).slice(0, ALARM_BULK_MAX)),
              // Only an unacknowledged alarm has anything to acknowledge.
              checkboxProps: (row: Alarm) => ({
                disabled: row.state.endsWith('-ack'),
                'aria-label': t('alarms.selectLabel', { title: row.title, device: row.deviceCode }),
              }),
            }
          : undefined
      }
      tableProps={{
        rowClassName: alarmRowClassName,
        onRow: openOnRowClick((row) => openAlarm(row.id)),
      }}
    >
      <AlarmDetailDrawer />
    </ListPage>
  );
}
