import type { wqComplianceZhCN } from './zh-CN.ts';

/** The water-quality "Compliance" tab's texts. */
export const wqComplianceEnUS: Record<keyof typeof wqComplianceZhCN, string> = {
  'compliance.months': 'Months',
  'compliance.table': 'Compliance rate per site, parameter and month',
  'compliance.col.site': 'Site',
  'compliance.col.parameter': 'Parameter',
  'compliance.col.total': 'Total',
  'compliance.siteTotal': 'Site total',
  'compliance.allSites': 'All sites',
  'compliance.cell': '{judged} judged, {compliant} compliant',
  'compliance.cellNone': 'Nothing judged this month',
  'compliance.openHistory': 'History of {parameter} at {site}',
  'compliance.empty': 'No results judged in these months',
  'compliance.legend': 'Rate = compliant ÷ judged (results not judged are not counted)',
  'compliance.legend.full': '100%',
  'compliance.legend.good': '95%–100%',
  'compliance.legend.warn': '80%–95%',
  'compliance.legend.bad': 'under 80%',
  'compliance.legend.none': '— nothing judged',
  'compliance.export': 'Export monthly report',
  'compliance.exportTitle': 'Monthly water-quality report (XLSX)',
  'compliance.exportMonth': 'Month',
  'compliance.exportScope':
    'The report covers the sites the filters choose (kind, region, sites), every parameter, online and lab, and lists each exceedance with its limit.',
  'compliance.exportOk': 'Download',
  'compliance.exportFailed': 'The monthly report could not be exported',
  'compliance.fileName': 'water-quality-report-{month}.xlsx',
};
