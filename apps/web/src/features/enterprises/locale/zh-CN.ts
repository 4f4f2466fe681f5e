export const enterprisesZhCN = {
  'menu.organizationss': '企业管理',
  'menu.organManagers': '企业信息',
  'menu.deptManager': '部门管理',
  'menu.memberManager': '部门成员',
} as const;
