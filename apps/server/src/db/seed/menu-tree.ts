import { Permissions } from '@water/contracts';

/**
 * The console's menu as first shipped: every route group and child of spec §2 with the area
 * orders of spec §9. The seed inserts what is missing and never edits what exists.
 */
export interface SeedMenu {
  name: string;
  path: string;
  zh: string;
  en: string;
  icon?: string;
  order?: number;
  requiresAuth?: boolean;
  hidden?: boolean;
  ignoreCache?: boolean;
  externalLink?: string;
  /** Only the administrators' role gets this entry (and everything below it). */
  adminOnly?: boolean;
  type?: 'directory' | 'menu' | 'button';
  permission?: string;
  children?: SeedMenu[];
}

const btn = (permission: string, zh: string, en: string): SeedMenu => ({
  type: 'button',
  name: `btn:${permission}`,
  path: '',
  zh,
  en,
  permission,
});

export const seedMenuTree: SeedMenu[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    zh: '仪表盘',
    en: 'Dashboard',
    icon: 'icon-dashboard',
    order: 0,
    children: [
      {
        name: 'Workplace',
        path: 'workplace',
        zh: '工作台',
        en: 'Workplace',
        children: [{ ...btn(Permissions.contentWrite, '管理内容库', 'Manage content'), adminOnly: true }],
      },
      // Every operator reads the library (procedures, safety rules, training clips); editing takes
      // the content permission above.
      { name: 'contentLibrary', path: 'content', zh: '内容库', en: 'Content library' },
      {
        name: 'arcoWebsite',
        path: 'https://arco.design',
        zh: 'Arco Design',
        en: 'Arco Design',
        externalLink: 'https://arco.design',
      },
    ],
  },
  {
    name: 'timeData',
    path: '/timeData',
    zh: '数据监测',
    en: 'Monitoring data',
    icon: 'icon-dashboard',
    order: 1,
    children: [
      {
        name: 'realTimeData',
        path: 'realTimeData',
        zh: '实时数据',
        en: 'Real-time data',
        // The ingest writer's counters: for whoever runs the servers, not for every operator.
        children: [{ ...btn(Permissions.telemetryStats, '查看接入统计', 'View ingest counters'), adminOnly: true }],
      },
      { name: 'historyData', path: 'historyData', zh: '历史数据', en: 'History data' },
    ],
  },
  {
    name: 'report',
    path: '/report',
    zh: '统计分析',
    en: 'Statistics',
    icon: 'icon-bar-chart',
    order: 2,
    children: [
      { name: 'manyDimensions', path: 'manyDimensions', zh: '综合分析', en: 'Comprehensive analysis' },
      { name: 'oneDimensions', path: 'oneDimensions', zh: '多维分析', en: 'Multi-dimension analysis' },
    ],
  },
  {
    name: 'device',
    path: '/device',
    zh: '设备管理',
    en: 'Devices',
    icon: 'icon-common',
    order: 3,
    children: [
      {
        name: 'deviceList',
        path: 'deviceList',
        zh: '设备列表',
        en: 'Device list',
        children: [
          { ...btn(Permissions.deviceWrite, '编辑设备', 'Edit devices'), adminOnly: true },
          { ...btn(Permissions.deviceTypeWrite, '管理设备类型', 'Manage device types'), adminOnly: true },
        ],
      },
      { name: 'deviceArchives', path: 'deviceArchives', zh: '设备档案', en: 'Device archives' },
      // Opened from the list, a map point or a scanned QR label (?code=…), never from the menu.
      { name: 'deviceDetail', path: 'deviceDetail', zh: '设备详情', en: 'Device details', hidden: true },
      {
        name: 'monitoRingregion',
        path: 'monitoRingregion',
        zh: '监测区域',
        en: 'Monitoring regions',
        children: [{ ...btn(Permissions.regionWrite, '编辑监测区域', 'Edit regions'), adminOnly: true }],
      },
    ],
  },
  {
    name: 'wellmanagement',
    path: '/wellmanagement',
    zh: '管网管理',
    en: 'Drainage network',
    icon: 'icon-branch',
    order: 4,
    children: [
      { name: 'wellList', path: 'wellList', zh: '检查井', en: 'Manholes' },
      { name: 'PipelineManagement', path: 'PipelineManagement', zh: '管线管理', en: 'Pipes' },
      { name: 'defectList', path: 'defectList', zh: '缺陷列表', en: 'Pipe defects' },
    ],
  },
  {
    name: 'qrcode',
    path: '/qrcode',
    zh: '二维码',
    en: 'QR codes',
    icon: 'icon-qrcode',
    order: 5,
    children: [{ name: 'scanRecord', path: 'scanRecord', zh: '扫码记录', en: 'Scan records' }],
  },
  {
    name: 'callPolice',
    path: '/callPolice',
    zh: '消息管理',
    en: 'Messaging',
    icon: 'icon-message',
    order: 6,
    children: [
      // Operators read templates and the push log; editing templates and channels, and pushing,
      // are the administrators'.
      {
        name: 'callPoliceMessage',
        path: 'callPoliceMessage',
        zh: '消息模板',
        en: 'Message templates',
        children: [
          btn(Permissions.notifyView, '查看消息模板与推送记录', 'View message templates and the push log'),
          {
            ...btn(Permissions.notifyTemplateWrite, '编辑消息模板与渠道', 'Edit message templates and channels'),
            adminOnly: true,
          },
        ],
      },
      {
        name: 'callPolicePush',
        path: 'callPolicePush',
        zh: '消息推送',
        en: 'Message push',
        children: [
          {
            ...btn(Permissions.notifyPush, '推送消息、重发与取消', 'Push, resend and cancel messages'),
            adminOnly: true,
          },
        ],
      },
      // The page is for publishing: a role without the permission is not offered it (notices it
      // receives are in the message box).
      {
        name: 'callPoliceNotification',
        path: 'callPoliceNotification',
        zh: '发布通知',
        en: 'Publish notices',
        adminOnly: true,
        children: [btn(Permissions.noticeWrite, '发布通知', 'Publish notices')],
      },
    ],
  },
  {
    name: 'project',
    path: '/project',
    zh: '项目管理',
    en: 'Projects',
    icon: 'icon-folder',
    order: 7,
    children: [
      { name: 'uProject', path: 'uProject', zh: '项目信息', en: 'Project info' },
      { name: 'site', path: 'site', zh: '站点管理', en: 'Sites' },
    ],
  },
  {
    name: 'water',
    path: '/water',
    zh: '水质监测',
    en: 'Water quality',
    icon: 'icon-experiment',
    order: 8,
    children: [
      {
        name: 'waterList',
        path: 'waterList',
        zh: '监测数据',
        en: 'Monitoring data',
        // Every operator reads the results within their regions; the lab's entries and the setup are
        // the administrators' until a role is given them (a chemist's role, the water-quality engineer's).
        children: [
          {
            ...btn(
              Permissions.waterResultWrite,
              '录入、更正、删除和导入化验结果',
              'Enter, correct, delete and import lab results',
            ),
            adminOnly: true,
          },
          {
            ...btn(
              Permissions.waterConfigWrite,
              '管理监测点、限值标准和检测参数',
              'Manage sites, limit sets and parameters',
            ),
            adminOnly: true,
          },
        ],
      },
    ],
  },
  {
    name: 'bz',
    path: '/bz',
    zh: '泵站系统',
    en: 'Pump stations',
    icon: 'icon-thunderbolt',
    order: 9,
    children: [
      { name: 'monitorMange', path: 'index', zh: '首页', en: 'Home', requiresAuth: false },
      { name: 'pumpStationList', path: 'pumpStationList', zh: '实时数据', en: 'Real-time data' },
      { name: 'pumpStationYt', path: 'pumpStationYt', zh: '云图', en: 'Cloud map' },
      {
        name: 'pumpStationControl',
        path: 'pumpStationControl',
        zh: '泵控制',
        en: 'Pump control',
        children: [
          btn(
            Permissions.pumpControl,
            '控制水泵（启停、调频、复位、切换模式）',
            'Command pumps (start, stop, speed, reset, mode)',
          ),
          // Four eyes: the second person is a supervisor, not every operator.
          { ...btn(Permissions.pumpApprove, '审批泵控制指令', 'Approve pump commands'), adminOnly: true },
        ],
      },
      {
        name: 'synthesize-analysis',
        path: 'synthesize-analysis',
        zh: '多维分析',
        en: 'Multi-dimension analysis',
      },
      {
        name: 'synthesis-analysis',
        path: 'synthesis-analysis',
        zh: '综合分析',
        en: 'Comprehensive analysis',
      },
      { name: 'history-data', path: 'history-data', zh: '历史数据', en: 'History data' },
      { name: 'pumpLog', path: 'pumpLog', zh: '告警记录', en: 'Alarm records' },
      {
        name: 'alarm',
        path: 'alarm',
        zh: '告警预警',
        en: 'Alarm warnings',
        children: [
          btn(Permissions.alarmView, '查看告警', 'View alarms'),
          btn(
            Permissions.alarmHandle,
            '处理告警（确认、解除、搁置、指派）',
            'Handle alarms (acknowledge, clear, shelve, assign)',
          ),
        ],
      },
      {
        name: 'cameraList',
        path: 'cameraList',
        zh: '摄像头列表',
        en: 'Camera list',
        // Every operator sees the cameras of their regions; registering them and the platforms'
        // accounts is the administrators' until a role is given it.
        children: [
          {
            ...btn(Permissions.cameraWrite, '管理摄像头和视频平台', 'Manage cameras and video platforms'),
            adminOnly: true,
          },
          {
            ...btn(Permissions.cameraShare, '生成和撤销公开链接', 'Create and revoke public links'),
            adminOnly: true,
          },
        ],
      },
      {
        name: 'camera',
        path: 'camera',
        zh: '摄像头展示',
        en: 'Camera display',
        children: [{ ...btn(Permissions.cameraPtz, '云台控制', 'PTZ control'), adminOnly: true }],
      },
      {
        name: 'cameraDetails',
        path: 'cameraDetails',
        zh: '摄像头详情',
        en: 'Camera details',
        hidden: true,
        requiresAuth: false,
      },
    ],
  },
  {
    name: 'organizationss',
    path: '/organizationss',
    zh: '企业管理',
    en: 'Enterprises',
    icon: 'icon-home',
    order: 10,
    adminOnly: true,
    children: [
      {
        name: 'organManagers',
        path: 'organManagers',
        zh: '企业信息',
        en: 'Enterprise info',
        children: [
          btn(Permissions.systemEnterpriseList, '查看企业', 'View enterprises'),
          btn(Permissions.systemEnterpriseWrite, '编辑企业', 'Edit enterprises'),
        ],
      },
      {
        name: 'deptManager',
        path: 'deptManager',
        zh: '部门管理',
        en: 'Departments',
        children: [btn(Permissions.systemDeptWrite, '编辑部门', 'Edit departments')],
      },
      {
        name: 'memberManager',
        path: 'memberManager',
        zh: '部门成员',
        en: 'Department members',
        children: [
          btn(Permissions.systemMemberList, '查看成员', 'View members'),
          btn(Permissions.systemMemberWrite, '调整成员', 'Edit members'),
        ],
      },
    ],
  },
  {
    name: 'uuuser',
    path: '/uuuser',
    zh: '用户管理',
    en: 'Users',
    icon: 'icon-user',
    order: 11,
    adminOnly: true,
    children: [
      {
        name: 'manager',
        path: 'manager',
        zh: '用户列表',
        en: 'User list',
        children: [
          btn(Permissions.systemUserList, '查看用户', 'View users'),
          btn(Permissions.systemUserWrite, '编辑用户', 'Edit users'),
        ],
      },
      {
        name: 'roleManager',
        path: 'roleManager',
        zh: '角色列表',
        en: 'Role list',
        children: [
          btn(Permissions.systemRoleList, '查看角色', 'View roles'),
          btn(Permissions.systemRoleWrite, '编辑角色', 'Edit roles'),
        ],
      },
    ],
  },
  {
    name: 'patrol-inspection',
    path: '/patrol-inspection',
    zh: '巡检维修',
    en: 'Inspection & repair',
    icon: 'icon-tool',
    order: 12,
    children: [
      { name: 'problem', path: 'problem', zh: '问题列表', en: 'Problems' },
      { name: 'ticket', path: 'ticket', zh: '工单列表', en: 'Work orders' },
    ],
  },
  {
    name: 'sys',
    path: '/sys',
    zh: '系统配置',
    en: 'System',
    icon: 'icon-settings',
    order: 12,
    adminOnly: true,
    children: [
      {
        name: 'device-offline-alarm-rule',
        path: 'device-offline-alarm-rule',
        zh: '设备离线告警规则',
        en: 'Device offline rules',
      },
      {
        name: 'callPoliceRule',
        path: 'callPoliceRule',
        zh: '告警规则',
        en: 'Alarm rules',
        children: [btn(Permissions.alarmRuleWrite, '编辑告警规则与离线规则', 'Edit alarm and offline rules')],
      },
      {
        name: 'pumpingSystem',
        path: 'pumpingSystem',
        zh: '泵站配置',
        en: 'Pump-station setup',
        children: [
          btn(Permissions.pumpStationWrite, '编辑泵站配置', 'Edit pump-station setup'),
          // Whether the home screen (/bz/index) opens without sign-in.
          btn(Permissions.systemSettingWrite, '设置首页公开', 'Set the public home'),
        ],
      },
      { name: 'sectionManage', path: 'sectionManage', zh: '电子围栏管理', en: 'Geo-fences' },
      {
        name: 'menuManager',
        path: 'menuManager',
        zh: '菜单管理',
        en: 'Menus',
        children: [
          btn(Permissions.systemMenuList, '查看菜单', 'View menus'),
          btn(Permissions.systemMenuWrite, '编辑菜单', 'Edit menus'),
        ],
      },
      {
        name: 'logManager',
        path: 'logManager',
        zh: '日志管理',
        en: 'Logs',
        children: [
          btn(Permissions.systemLogList, '查看日志', 'View logs'),
          btn(Permissions.systemLogWrite, '设置日志保留期', 'Set log retention'),
          btn(Permissions.systemSmsOutbox, '查看短信发件箱', 'View SMS outbox'),
          btn(Permissions.smsAccountWrite, '短信账户充值与计费', 'SMS account top-ups and price'),
        ],
      },
    ],
  },
];
