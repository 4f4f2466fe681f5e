import { Alert, Button, Message, Upload } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import {
  type PumpStationDetail,
  STATION_PHOTO_EXTENSIONS,
  STATION_PHOTO_MAX_BYTES,
  STATION_PHOTOS_MAX,
} from '@water/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { StationPhotoStrip } from '../common/station-photos.tsx';
import { useStationPhotos } from './station-config-queries.ts';
import type { StationConfigI18n } from './use-station-config-i18n.ts';

// What the picker offers; not strict, so a wrong file still reaches the server, which reads the bytes.
const ACCEPT = STATION_PHOTO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * A saved station's site photos: upload (size checked here, type and count by the server), remove
 * after confirmation, thumbnails that open larger. Not fields of the form: each file is sent on its
 * own, as the archive entries' attachments are.
 */
export function StationPhotosEditor({ station, i18n }: { station: PumpStationDetail; i18n: StationConfigI18n }) {
  const { t } = i18n;
  const { add, remove } = useStationPhotos(station.id);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => setFailure(errorText(error, t('stationConfig.photos.requestFailed')));
  const full = station.photos.length >= STATION_PHOTOS_MAX;

  return (
    <div className="station-config-photos">
      {station.photos.length ? (
        <StationPhotoStrip
          stationId={station.id}
          photos={station.photos}
          removing={remove.isPending ? (remove.variables ?? null) : null}
          onRemove={(photo) => {
            setFailure(null);
            remove.mutate(photo.id, {
              onSuccess: () => Message.success(t('stationConfig.photos.removed')),
              onError: fail,
            });
          }}
          labels={{
            open: (photo) => photo.name,
            failed: t('stationConfig.photos.failed'),
            remove: (photo) => t('stationConfig.photos.remove', { name: photo.name }),
            removeConfirm: (photo) => t('stationConfig.photos.removeConfirm', { name: photo.name }),
            confirm: t('stationConfig.photos.confirm'),
            cancel: t('stationConfig.cancel'),
          }}
        />
      ) : (
        <p className="station-config-muted">{t('stationConfig.photos.empty')}</p>
      )}
      <div className="station-config-photos__add">
        <Upload
          accept={{ type: ACCEPT, strict: false }}
          showUploadList={false}
          disabled={full}
          customRequest={({ file, onSuccess, onError }) => {
            setFailure(null);
            if (file.size > STATION_PHOTO_MAX_BYTES) {
              onError({});
              setFailure(t('stationConfig.photos.tooLarge', { name: file.name }));
              return;
            }
            add.mutate(file, {
              onSuccess: (stored) => {
                Message.success(t('stationConfig.photos.added'));
                onSuccess(stored);
              },
              onError: (error) => {
                onError({});
                fail(error);
              },
            });
          }}
        >
          <Button icon={<IconUpload />} loading={add.isPending} disabled={full}>
            {t('stationConfig.photos.add')}
          </Button>
        </Upload>
        <span className="station-config-muted">{t('stationConfig.photos.help', { max: STATION_PHOTOS_MAX })}</span>
      </div>
      {failure ? <Alert className="station-config-note" type="error" content={failure} /> : null}
    </div>
  );
}
