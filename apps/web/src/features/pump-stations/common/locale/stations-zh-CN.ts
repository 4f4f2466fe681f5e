/** Texts the station screens share (configuration, real-time list, map): their filter row and chips. */
export const stationsZhCN = {
  'stations.filter.keyword': '泵站编码或名称',
  'stations.filter.region': '所属区域',
  'stations.filter.allRegions': '全部区域（含下级）',
  'stations.filter.kind': '泵站类型',
  'stations.filter.allKinds': '全部类型',
  'stations.filter.state': '运行状态',
  'stations.filter.allStates': '全部',
  'stations.kind.rainwater': '雨水泵站',
  'stations.kind.sewage': '污水泵站',
  'stations.kind.combined': '雨污合建泵站',
  'stations.kind.booster': '加压泵站',
  'stations.state.running': '运行',
  'stations.state.stopped': '停机',
  'stations.state.fault': '故障',
  'stations.state.offline': '离线',
} as const;
