/** Texts of shared/: product name, languages, request errors, shared pages. Flat dotted keys. */
export const sharedZhCN = {
  'app.name': '水务运营控制台',

  'language.label': '界面语言',
  'language.zh-CN': '简体中文',
  'language.en-US': 'English',
  'theme.toDark': '切换到暗色主题',
  'theme.toLight': '切换到亮色主题',

  'request.error': '错误',
  'request.transportError': '请求错误',
  'request.relogin.title': '确认登出',
  'request.relogin.content': '您已被登出，可以取消继续留在该页面，或者重新登录',
  'request.relogin.ok': '重新登录',
  'request.relogin.cancel': '取消',

  'common.loading': '加载中…',
  'common.backHome': '返回首页',

  'copy.button': '复制',
  'copy.label': '复制{what}',
  'copy.done': '已复制',
  'copy.failed': '复制失败，请手动选中后复制',

  'attachments.label': '附件',
  'attachments.download': '下载 {name}',

  'a11y.tree.expand': '展开',
  'a11y.tree.collapse': '收起',
  'a11y.map.title': '地图',
  'a11y.map.zoomIn': '放大',
  'a11y.map.zoomOut': '缩小',
  'a11y.map.resetBearing': '拖动旋转地图，点击恢复正北',
  'unavailable.title': '该模块暂未开放',
  'unavailable.subtitle': '「{module}」将在后续版本中提供。此处不显示任何示例或虚构数据。',
} as const;
