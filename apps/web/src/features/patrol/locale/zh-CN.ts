export const patrolZhCN = {
  'menu.patrol-inspection': '巡检维修',
  'menu.problem': '问题列表',
  'menu.ticket': '工单列表',
} as const;
