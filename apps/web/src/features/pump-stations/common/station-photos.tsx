import { Button, Image, Popconfirm, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconImage } from '@arco-design/web-react/icon';
import { pumpStationsApi, type StationPhoto } from '@water/contracts';
import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../../../shared/api/download.ts';
import './station-photos.css';

/**
 * A station photo as an object URL: fetched with the session (the file is private), revoked when the
 * thumbnail goes. `failed` when it could not be read.
 */
function usePhotoUrl(stationId: number, photoId: number): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ url: null, failed: false });
    fetchFileBlob(pumpStationsApi.downloadPhoto, { params: { id: stationId, photoId }, signal: controller.signal })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [stationId, photoId]);
  return state;
}

export interface StationPhotoLabels {
  /** The photo's name as the thumbnail's alternative text and the preview's title. */
  open: (photo: StationPhoto) => string;
  failed: string;
  /** With `onRemove`: the remove button's label and its confirmation. */
  remove?: (photo: StationPhoto) => string;
  removeConfirm?: (photo: StationPhoto) => string;
  confirm?: string;
  cancel?: string;
}

/**
 * A station's site photos as thumbnails that open larger (Arco's image preview, one group so the
 * preview steps through them); with `onRemove`, each has a remove button behind a confirmation.
 */
export function StationPhotoStrip({
  stationId,
  photos,
  labels,
  onRemove,
  removing,
}: {
  stationId: number;
  photos: StationPhoto[];
  labels: StationPhotoLabels;
  onRemove?: (photo: StationPhoto) => void;
  removing?: number | null;
}) {
  if (photos.length === 0) return null;
  return (
    <Image.PreviewGroup infinite>
      <ul className="station-photos">
        {photos.map((photo) => (
          <li key={photo.id} className="station-photos__item">
            <Thumbnail stationId={stationId} photo={photo} labels={labels} />
            {onRemove && labels.remove ? (
              <Popconfirm
                title={labels.removeConfirm?.(photo)}
                okText={labels.confirm}
                cancelText={labels.cancel}
                onOk={() => onRemove(photo)}
              >
                <Tooltip content={labels.remove(photo)}>
                  <Button
                    className="station-photos__remove"
                    size="mini"
                    status="danger"
                    shape="circle"
                    icon={<IconDelete />}
                    loading={removing === photo.id}
                    aria-label={labels.remove(photo)}
                  />
                </Tooltip>
              </Popconfirm>
            ) : null}
          </li>
        ))}
      </ul>
    </Image.PreviewGroup>
  );
}

function Thumbnail({
  stationId,
  photo,
  labels,
}: {
  stationId: number;
  photo: StationPhoto;
  labels: StationPhotoLabels;
}) {
  const { url, failed } = usePhotoUrl(stationId, photo.id);
  const name = labels.open(photo);
  if (!url) {
    return (
      <span className="station-photos__placeholder" role="img" aria-label={name} title={failed ? labels.failed : name}>
        <IconImage />
      </span>
    );
  }
  return (
    <Image
      className="station-photos__image"
      src={url}
      alt={name}
      title={name}
      width={112}
      height={84}
      previewProps={{ imgAttributes: { alt: name } }}
    />
  );
}
