export const usersZhCN = {
  'menu.uuuser': '用户管理',
  'menu.manager': '用户列表',
  'menu.roleManager': '角色列表',
} as const;
