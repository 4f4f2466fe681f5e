export const dashboardZhCN = {
  'menu.dashboard': '仪表盘',
  'menu.Workplace': '工作台',
  'menu.contentLibrary': '内容库',
  'menu.arcoWebsite': 'Arco Design',
} as const;
