import { Button, Message } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { Permissions, PUMP_STATION_SORT_FIELDS, type PumpStation, pumpStationsApi } from '@water/contracts';
import { useState } from 'react';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { StationFilterFields } from '../common/station-filters.tsx';
import { stationColumns } from './station-columns.tsx';
import { StationConfigDrawer, type StationDrawerTarget } from './station-config-drawer.tsx';
import { stationConfigQueries, useRemoveStation } from './station-config-queries.ts';
import { useStationConfigI18n } from './use-station-config-i18n.ts';
import './station-config.css';

const WRITE = [Permissions.pumpStationWrite] as const;
const DEFAULTS = { pageSize: 10 };

/**
 * Pump-station configuration (/sys/pumpingSystem): the stations with their kind, region, pumps and
 * capacity; holders of pump:station:write add, edit (the whole configuration in one drawer) and
 * delete. Every operator may read the list: the server is the guard, the console leaves out what a
 * reader could not use.
 */
export function PumpStationConfigPage() {
  const i18n = useStationConfigI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(WRITE);
  const list = useListFilters(pumpStationsApi.list.query, { defaults: DEFAULTS, sortable: PUMP_STATION_SORT_FIELDS });
  const stations = useQuery(stationConfigQueries.list(list.filters, locale));
  const remove = useRemoveStation();
  const [drawer, setDrawer] = useState<StationDrawerTarget>(null);

  const columns = stationColumns({
    i18n,
    sortOrder: list.sortOrder,
    writer,
    actions: {
      onEdit: (row) => setDrawer({ station: row }),
      onDelete: (row) =>
        remove.mutateAsync(row.id).then(
          () => Message.success(t('stationConfig.done.delete')),
          // The request layer has shown the server's message (a station devices are placed at: 409).
          () => undefined,
        ),
    },
  });

  return (
    <ListPage<PumpStation>
      title={t('stationConfig.title')}
      subtitle={t('stationConfig.subtitle')}
      actions={
        <Permission permissions={WRITE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({ station: null })}>
            {t('stationConfig.create')}
          </Button>
        </Permission>
      }
      filters={
        <StationFilterFields filters={list.filters} set={list.set} keywordLabel={t('stationConfig.filter.keyword')} />
      }
      list={list}
      query={stations}
      columns={columns}
      columnsId="pump-stations"
      rowKey="id"
      emptyText={t('stationConfig.empty')}
      totalText={(total) => t('stationConfig.total', { total })}
    >
      {writer ? <StationConfigDrawer target={drawer} onClose={() => setDrawer(null)} /> : null}
    </ListPage>
  );
}
