import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { liveChannel } from '../../../shared/live/live-channel.ts';
import { useLiveWatch } from '../../../shared/live/live-hooks.ts';
import { applyDeviceStatus, applyTelemetry, monitoringQueries } from './monitoring-queries.ts';

/**
 * Keeps the board's cached pages current from the live channel: telemetry and device-status events
 * are written into every cached page of points, and a (re)connection refetches, since what was sent
 * while the socket was down is not replayed. Returns when the last event arrived.
 */
export function useLivePoints(deviceIds: number[]): number | null {
  const queryClient = useQueryClient();
  const [lastEventAt, setLastEventAt] = useState<number | null>(null);
  const resumed = useRef(false);

  useEffect(() => {
    // Effects pause while the tab is hidden (keep-alive): events of that time were missed.
    if (resumed.current) void queryClient.invalidateQueries({ queryKey: [...monitoringQueries.all, 'points'] });
    resumed.current = true;
    const offs = [
      liveChannel.subscribe('telemetry', (event) => {
        applyTelemetry(queryClient, event);
        setLastEventAt(Date.now());
      }),
      liveChannel.subscribe('device-status', (event) => {
        applyDeviceStatus(queryClient, event);
        setLastEventAt(Date.now());
      }),
      liveChannel.subscribe('ready', () => {
        void queryClient.invalidateQueries({ queryKey: [...monitoringQueries.all, 'points'] });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);

  useLiveWatch('devices', deviceIds);

  return lastEventAt;
}
