export const projectsZhCN = {
  'menu.project': '项目管理',
  'menu.uProject': '项目信息',
  'menu.site': '站点管理',
} as const;
