import { getRouteApi } from '@tanstack/react-router';
import { DeviceLocationPage } from './DeviceLocationPage.tsx';

const route = getRouteApi('/_app/devices/$uuid/location');

/** The route's page: the device from the URL. */
export function DeviceLocationRoute() {
  const { uuid } = route.useParams();
  return <DeviceLocationPage uuid={uuid} />;
}
