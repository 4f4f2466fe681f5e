export const exceptionZhCN = {
  'menu.403': '无权限',
  'menu.notFound': '页面不存在',
  'exception.403.title': '403',
  'exception.403.subtitle': '当前角色无权访问该页面。如需访问，请联系管理员或切换角色。',
  'exception.404.title': '404',
  'exception.404.subtitle': '抱歉，页面不存在。',
  'exception.back': '返回工作台',
  'exception.home': '返回首页',
} as const;
