/** An archive entry as the server sends it, for component tests. */
export const archiveEntry = (id: number, extra: Record<string, unknown> = {}) => ({
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
