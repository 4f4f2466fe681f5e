/** Simplified Chinese texts. Keys are flat and dotted; en-US.ts holds the same keys. */
export const zhCN = {
  'app.name': '水务运营控制台',
  'app.foundation.tag': '平台基础',
  'app.foundation.intro':
    '这是平台基础页面：用于确认服务、数据库与登录已经打通。完整的控制台（导航菜单、工作台与各业务模块）将在后续版本提供。',

  'language.label': '界面语言',
  'language.zh-CN': '简体中文',
  'language.en-US': 'English',
  'theme.toDark': '切换到暗色主题',
  'theme.toLight': '切换到亮色主题',

  'status.title': '服务状态',
  'status.refresh': '刷新',
  'status.checking': '检查中',
  'status.ready': '运行正常',
  'status.unavailable': '不可用',
  'status.unreachable': '无法连接服务器',
  'status.service': '服务',
  'status.database': '数据库',
  'status.database.pglite': '内嵌 PGlite',
  'status.database.postgres': 'PostgreSQL 服务器',
  'status.checkedAt': '检查时间',
  'status.apiDocs': 'API 文档',

  'signIn.title': '登录',
  'signIn.username': '用户名',
  'signIn.username.placeholder': '用户名或手机号',
  'signIn.username.required': '用户名不能为空',
  'signIn.password': '密码',
  'signIn.password.placeholder': '请输入密码',
  'signIn.password.required': '密码不能为空',
  'signIn.submit': '登录',
  'signIn.failed': '登录出错，请刷新重试',
  'signIn.welcome': '欢迎使用',
  'signIn.signedIn': '已登录，令牌已保存在本机。',
  'signIn.signOut': '退出登录',
} as const;
