import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { createRoutes } from './router';

const queryClient = new QueryClient();
const routes = createRoutes(() => queryClient);
const matchedPath = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.path;

describe('createRoutes: every route path comes from config/paths', () => {
  it.each([
    ['/vehicles/abc', paths.vehicle()],
    ['/vehicle/abc', paths.vehicleAlias()],
    ['/vehicle-sales', paths.vehicleSales],
    ['/account/vehicles/abc/edit', paths.editVehicle()],
    ['/account/maintenance/create', paths.bookMaintenance()],
    ['/reset-password', paths.resetPassword()],
    ['/admin/vehicles/abc/edit', paths.admin.editVehicle()],
    ['/admin/users/abc', paths.admin.user()],
    ['/admin/nowhere', '*'],
    ['/nowhere', '*'],
  ])('%s matches %s', (url, path) => {
    expect(matchedPath(url)).toBe(path);
  });
});
