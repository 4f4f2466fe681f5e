import type { ArchiveEntry, RegionNode } from '@water/contracts';

/** An archive entry as the server sends it, for component tests (typed by the contract). */
export const archiveEntry = (id: number, extra: Partial<ArchiveEntry> = {}): ArchiveEntry => ({
  id,
  deviceId: 7,
  deviceCode: 'PS01-FM01',
  deviceName: '滨江雨水泵站出水流量计',
  typeName: '流量计',
  regionName: '滨江排水片区',
  deviceArchived: false,
  kind: 'repair',
  date: '2026-05-12',
  performedBy: '泵站运维班 张工',
  description: '通讯中断，更换天线后恢复',
  nextDue: null,
  attachments: [],
  createdByName: '张伟',
  createdAt: '2026-05-12T02:00:00.000Z',
  ...extra,
});

/** One page of a list answer. */
export const page = <T>(list: T[], pageSize = 10) => ({ list, total: list.length, page: 1, pageSize });

/** A region of the tree the region filter reads. */
export const region = (id: number, name: string, children: RegionNode[] = [], parentId: number | null = null) =>
  ({
    id,
    parentId,
    code: `R${id}`,
    name,
    kind: parentId ? 'district' : 'city',
    orderNum: 0,
    hasBoundary: false,
    devices: 0,
    totalDevices: 0,
    children,
  }) satisfies RegionNode;
