import { useMutation } from '@tanstack/react-query';
import { type DeviceTransferFormat, deviceTransferApi, type Locale } from '@water/contracts';
import { downloadFile } from '../../../shared/api/download.ts';
import { callApi } from '../../../shared/api/http.ts';
import { useDeviceTransferI18n } from '../use-device-transfer-i18n.ts';
import { type DeviceFilters, useRefreshDevicesAndCounts } from './device-queries.ts';

/** Sends the file as multipart field `file`; silent: the import dialog shows a refusal itself. */
export function useImportDevices() {
  const refresh = useRefreshDevicesAndCounts();
  const { locale } = useDeviceTransferI18n();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return callApi(deviceTransferApi.import, { locale, body, silent: true });
    },
    // New devices move the region, station and type counts other features show.
    onSuccess: () => refresh(),
  });
}

/** The devices the list's filters select (every page), as a workbook or a CSV file. */
export function exportDevices(
  filters: DeviceFilters,
  format: DeviceTransferFormat,
  locale: Locale,
  fallbackName: string,
): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...query } = filters;
  return downloadFile(deviceTransferApi.export, { query: { ...query, format }, fallbackName, locale });
}

export function downloadDeviceImportTemplate(locale: Locale, fallbackName: string): Promise<void> {
  return downloadFile(deviceTransferApi.importTemplate, { fallbackName, locale });
}
