import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAVED_VEHICLE_MESSAGES, SAVED_VEHICLES_MAX } from '@dealer/shared';
import { createAdmin, createUser, createVehicle, createVehicles } from '../../test/factories';
import { useTestApp, useTestUsers } from '../../test/harness';

// Saved cars follow the account: saved, removed, merged from a device, the same list wherever asked.

const ctx = useTestApp();
const { alice, bob } = useTestUsers(ctx, { alice: {}, bob: {} });

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, auth?: { authorization: string }, payload?: object) =>
  ctx.app.inject({ method, url: `/api/account/saved-vehicles${url}`, headers: auth, ...(payload === undefined ? {} : { payload }) });

describe('saved vehicles', () => {
  it('saves, lists in the order saved, saves again without change, and removes', async () => {
    const [a, b] = await createVehicles(ctx, [{}, {}]);
    expect((await call('PUT', `/${a}`, alice.auth)).json().data).toEqual({ vehicleIds: [a] });
    expect((await call('PUT', `/${b}`, alice.auth)).json().data).toEqual({ vehicleIds: [a, b] });
    expect((await call('PUT', `/${a}`, alice.auth)).json().data).toEqual({ vehicleIds: [a, b] });
    expect((await call('GET', '', alice.auth)).json().data).toEqual({ vehicleIds: [a, b] });
    // Another account's list is its own.
    expect((await call('GET', '', bob.auth)).json().data).toEqual({ vehicleIds: [] });
    expect((await call('DELETE', `/${a}`, alice.auth)).json().data).toEqual({ vehicleIds: [b] });
    expect((await call('DELETE', `/${a}`, alice.auth)).statusCode).toBe(200);
    await call('DELETE', `/${b}`, alice.auth);
  });

  it('refuses an unknown or malformed vehicle with its message', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await call('PUT', `/${id}`, alice.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SAVED_VEHICLE_MESSAGES.notFound);
    }
    expect((await call('GET', '', alice.auth)).json().data.vehicleIds).toEqual([]);
  });

  it("merges a device's list after the account's own, dropping ids that are not listings", async () => {
    const [own, device1, device2] = await createVehicles(ctx, [{}, {}, {}]);
    await call('PUT', `/${own}`, bob.auth);
    const res = await call('POST', '/merge', bob.auth, { vehicleIds: [device1, own, randomUUID(), 'junk', device2, device1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ vehicleIds: [own, device1, device2] });
    // The same list from "another device".
    expect((await call('GET', '', bob.auth)).json().data.vehicleIds).toEqual([own, device1, device2]);
  });

  it('refuses a malformed merge body and changes nothing', async () => {
    const before = (await call('GET', '', bob.auth)).json().data;
    for (const payload of [{}, { vehicleIds: 'x' }, { vehicleIds: [1] }, { vehicleIds: Array.from({ length: SAVED_VEHICLES_MAX + 1 }, () => randomUUID()) }]) {
      const res = await call('POST', '/merge', bob.auth, payload);
      expect(res.statusCode).toBe(422);
    }
    const tooMany = await call('POST', '/merge', bob.auth, { vehicleIds: Array.from({ length: SAVED_VEHICLES_MAX + 1 }, () => randomUUID()) });
    expect(tooMany.json().errors.vehicleIds).toBe(SAVED_VEHICLE_MESSAGES.tooMany);
    expect((await call('GET', '', bob.auth)).json().data).toEqual(before);
  });

  it('keeps at most the cap, refusing one more with its message', async () => {
    const carol = await createUser(ctx);
    const ids = await createVehicles(ctx, Array.from({ length: SAVED_VEHICLES_MAX + 1 }, () => ({})));
    const merged = await call('POST', '/merge', carol.auth, { vehicleIds: ids.slice(0, SAVED_VEHICLES_MAX) });
    expect(merged.json().data.vehicleIds).toHaveLength(SAVED_VEHICLES_MAX);
    const one = await call('PUT', `/${ids[SAVED_VEHICLES_MAX]}`, carol.auth);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(SAVED_VEHICLE_MESSAGES.tooMany);
  });

  it('asks for a log-in', async () => {
    const car = await createVehicle(ctx);
    for (const [method, url] of [['GET', ''], ['PUT', `/${car.id}`], ['DELETE', `/${car.id}`], ['POST', '/merge']] as const) {
      expect((await call(method, url, undefined, method === 'POST' ? { vehicleIds: [] } : undefined)).statusCode).toBe(401);
    }
  });

  it('forgets a listing that is deleted', async () => {
    const car = await createVehicle(ctx);
    await call('PUT', `/${car.id}`, alice.auth);
    const admin = await createAdmin(ctx);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${car.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await call('GET', '', alice.auth)).json().data.vehicleIds).not.toContain(car.id);
  });
});
