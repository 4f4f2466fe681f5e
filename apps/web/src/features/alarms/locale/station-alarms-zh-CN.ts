/** Texts of a station's open alarms, the panel of the real-time station detail (loaded with that page). */
export const stationAlarmsZhCN = {
  'stationAlarms.list': '本站活动告警',
  'stationAlarms.none': '无活动告警',
  'stationAlarms.noPermission': '无告警查看权限',
  'stationAlarms.viewAll': '查看全部 {n} 条',
  'stationAlarms.loadFailed': '告警加载失败',
  'stationAlarms.requestFailed': '请求失败，请稍后重试',
  'stationAlarms.retry': '重试',
  'stationAlarms.lastValue': '最新值 {value}',
  'stationAlarms.count': '触发 {n} 次',
} as const;
