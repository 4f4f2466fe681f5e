export const drainageNetworkZhCN = {
  'menu.wellmanagement': '管网管理',
  'menu.wellList': '检查井',
  'menu.PipelineManagement': '管线管理',
  'menu.defectList': '缺陷列表',
} as const;
