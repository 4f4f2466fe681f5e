import type { Camera, CameraShare, Station, VideoPlatform } from '@water/contracts';

const AT = '2026-11-27T02:00:00.000Z';

export const page = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

export const station: Station = {
  id: 3,
  code: 'PS03',
  name: '东湖泵站',
  kind: 'rainwater',
  regionId: 2,
  regionName: '东湖区',
  longitude: null,
  latitude: null,
  pumps: 3,
  devices: 8,
};

export const camera = (id: number, extra: Partial<Camera> = {}): Camera => ({
  id,
  code: `CAM-${id}`,
  name: `摄像头 ${id}`,
  vendor: 'hikvision',
  stationId: station.id,
  stationName: station.name,
  siteId: null,
  siteName: '',
  regionId: 2,
  regionName: '东湖区',
  location: '进水闸门',
  longitude: null,
  latitude: null,
  ptz: false,
  deviceId: null,
  deviceCode: '',
  sourceKind: 'hls',
  url: 'http://media.example.cn/live/ps03.m3u8',
  platformId: null,
  platformName: '',
  serial: '',
  channel: 1,
  gbDeviceId: '',
  gbChannelId: '',
  username: '',
  passwordSet: false,
  verifyCodeSet: false,
  remark: '',
  enabled: true,
  status: 'online',
  statusDetail: '',
  statusCheckedAt: AT,
  createdAt: AT,
  updatedAt: AT,
  ...extra,
});

export const hlsCamera = camera(1, { code: 'PS03-CAM01', name: '东湖泵站进水口' });
export const rtspCamera = camera(2, {
  code: 'UP-01',
  name: '解放路下穿',
  stationId: null,
  stationName: '',
  regionName: '东湖区',
  location: '下穿通道南口',
  sourceKind: 'rtsp',
  url: 'rtsp://10.20.1.64:554/Streaming/Channels/101',
  username: 'admin',
  passwordSet: true,
  status: 'offline',
  statusDetail: '无法连接到 10.20.1.64',
});

export const ezvizPlatform: VideoPlatform = {
  id: 5,
  name: '萤石云主账号',
  kind: 'ezviz',
  apiUrl: 'https://open.ys7.com',
  appKey: 'ak-1234',
  appSecretSet: true,
  username: '',
  passwordSet: false,
  remark: '',
  cameraCount: 2,
  tokenExpiresAt: '2026-12-04T02:00:00.000Z',
  createdAt: AT,
  updatedAt: AT,
};

export const wvpPlatform: VideoPlatform = {
  ...ezvizPlatform,
  id: 6,
  name: '城区国标平台',
  kind: 'wvp',
  apiUrl: 'http://10.20.0.8:18080',
  appKey: '',
  appSecretSet: false,
  username: 'wvp-admin',
  passwordSet: true,
  cameraCount: 0,
  tokenExpiresAt: null,
};

export const share = (id: number, extra: Partial<CameraShare> = {}): CameraShare => ({
  id,
  cameraId: hlsCamera.id,
  note: '应急办 王科长',
  createdBy: '管理员',
  createdAt: AT,
  expiresAt: '2099-01-01T00:00:00.000Z',
  revokedAt: null,
  ...extra,
});
