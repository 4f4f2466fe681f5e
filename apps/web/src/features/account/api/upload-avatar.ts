import { accountApi, type Locale } from '@water/contracts';
import { callApi } from '../../../shared/api/http.ts';

/** Sends the avatar as multipart field `file`; the browser sets the Content-Type with its boundary. */
export function uploadAvatar(file: File, locale: Locale): Promise<{ avatar: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  // Not silent: a refused upload has no form to show it in, so the request layer's toast says it.
  return callApi(accountApi.uploadAvatar, { locale, body });
}
