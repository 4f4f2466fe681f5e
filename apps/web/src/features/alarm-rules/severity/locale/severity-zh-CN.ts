/** The alarm severities' names: small, so a screen showing a severity tag does not load a whole dictionary. */
export const severityZhCN = {
  'severity.critical': '严重',
  'severity.major': '重要',
  'severity.minor': '次要',
  'severity.warning': '警告',
  'severity.info': '提示',
} as const;
