import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { Coordinates } from '@flotilla/core/device-location';

export interface MapDevice {
  id: number;
  name: string;
  position: Coordinates;
}

/** The world when there is nothing to show; a device's street when there is. */
const WORLD_ZOOM = 2;
const DEVICE_ZOOM = 13;

/** Follows the focus position when it changes (a new manual pick, another device). */
function FollowFocus({ focus }: { focus: Coordinates | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([focus.latitude, focus.longitude], Math.max(map.getZoom(), DEVICE_ZOOM));
  }, [focus, map]);
  return null;
}

/** With no focus, shows every device: the bounds of their positions. */
function FitDevices({ devices }: { devices: readonly MapDevice[] }) {
  const map = useMap();
  const key = devices.map((d) => `${d.id}:${d.position.latitude},${d.position.longitude}`).join('|');
  useEffect(() => {
    if (devices.length === 0) return;
    map.fitBounds(
      devices.map((d) => [d.position.latitude, d.position.longitude] as [number, number]),
      { padding: [32, 32], maxZoom: DEVICE_ZOOM },
    );
    // Only when the set of positions changes, not on every render of the same page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, map]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (position: Coordinates) => void }) {
  useMapEvents({ click: (event) => onPick({ latitude: Number(event.latlng.lat.toFixed(6)), longitude: Number(event.latlng.lng.toFixed(6)) }) });
  return null;
}

/**
 * A Leaflet map (fleets spec §2 "Device location", the device list's map lens) over the
 * deployment's tiles (`MAP_TILE_URL`). Devices are circles (no marker images to bundle), named
 * in their tooltip. With `onPick`, a click chooses a position (the manual location). Leaflet
 * gives the keyboard its own controls: arrows pan, + and − zoom, once the map has focus.
 */
export function DeviceMap({
  tileUrl,
  devices,
  focus,
  onPick,
  onOpen,
  label,
  height = 360,
}: {
  tileUrl: string;
  devices: readonly MapDevice[];
  focus: Coordinates | null;
  onPick?: (position: Coordinates) => void;
  /** A device's circle was clicked (the list's map lens opens the device). */
  onOpen?: (device: MapDevice) => void;
  label: string;
  height?: number | string;
}) {
  const theme = useTheme();
  const center: [number, number] = focus ? [focus.latitude, focus.longitude] : [20, 0];
  return (
    <Box role="region" aria-label={label} sx={{ height, width: '100%', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <MapContainer center={center} zoom={focus ? DEVICE_ZOOM : WORLD_ZOOM} style={{ height: '100%', width: '100%' }} worldCopyJump>
        <TileLayer url={tileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />
        {devices.map((device) => (
          <CircleMarker
            key={device.id}
            center={[device.position.latitude, device.position.longitude]}
            radius={9}
            pathOptions={{ color: theme.palette.primary.dark, fillColor: theme.palette.primary.main, fillOpacity: 0.85, weight: 2 }}
            eventHandlers={onOpen ? { click: () => onOpen(device) } : undefined}
          >
            <Tooltip>{device.name}</Tooltip>
          </CircleMarker>
        ))}
        <FollowFocus focus={focus} />
        {!focus && <FitDevices devices={devices} />}
        {onPick && <PickOnClick onPick={onPick} />}
      </MapContainer>
    </Box>
  );
}
