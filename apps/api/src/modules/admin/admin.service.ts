import {
  calendarDayInstant,
  type AdminOverview,
  type AdminSearchResults,
  type AuditEntry,
  type MaintenanceStatus,
  type UserStatus,
  type VehicleStatus,
} from '@dealer/shared';
import type { AuditEntityType } from '@dealer/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { listAudit } from '../audit';
import { auditLogPage, type AuditLogRequest } from './admin.audit-log';
import type { ChangeBus } from '../../infra/change-bus';
import type { Clock } from '../../infra/clock';
import { createRefreshingCache } from '../../infra/refreshing-cache';
import type { FileStorage } from '../../infra/storage';
import type { Windows } from '../../infra/window-counts';
import { countActiveUsersByWindow, recentUsers, searchUsers } from '../accounts';
import { countAppointmentsByWindow, recentAppointments, searchAppointments, toAppointment } from '../maintenance';
import { countVehiclesByWindow, recentVehicles, searchVehicles } from '../vehicles';

const DAY_MS = 24 * 60 * 60 * 1000;
const GROWTH_WINDOW_DAYS = 30;
const RECENT_LIMIT = 5;
const SEARCH_LIMIT = 5;

/**
 * Growth of the last 30 days against the 30 before, as the dashboard shows it ('+12%', '-3%').
 * Null when nothing was created in the earlier window: the client then shows the spec's figures.
 */
export function growthLabel({ current, previous }: { current: number; previous: number }): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent >= 0 ? `+${percent}%` : `${percent}%`;
}

export interface AdminServiceDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  /** The workshop's time zone: the audit log's days are its calendar days; tests count every time. */
  config: Pick<Config, 'WORKSHOP_TZ' | 'NODE_ENV'>;
  /** Writes on any node (listings and the workshop) empty the dashboard's counts. */
  changes?: Pick<ChangeBus, 'onChange'>;
}

export function createAdminService({ db, clock, storage, config, changes }: AdminServiceDeps) {
  // Counting what was created in the two windows reads every listing of the last 60 days: 25 ms a request with
  // 100,000 listed in a month. The whole overview (figures and newest rows) is kept a few seconds, refreshed in
  // the background, and emptied by a write to listings or the workshop on any node, so a look is the session's
  // statement only. A new account (its sign-up announces no change) shows within the refresh. Tests insert rows
  // behind the service's back, so they always read.
  const kept = createRefreshingCache<AdminOverview>({
    freshMs: config.NODE_ENV === 'test' ? 0 : 5000,
    maxAgeMs: 60_000,
    maxEntries: 1,
    changes: changes && {
      onChange: (listener: () => void) => {
        changes.onChange(listener, 'listings');
        changes.onChange(listener, 'workshop');
      },
    },
  });

  const readOverview = async (): Promise<AdminOverview> => {
    const now = clock.now().getTime();
    const windows: Windows = {
      currentFrom: new Date(now - GROWTH_WINDOW_DAYS * DAY_MS).toISOString(),
      previousFrom: new Date(now - 2 * GROWTH_WINDOW_DAYS * DAY_MS).toISOString(),
    };
    const [vehicleCounts, appointmentCounts, userCounts, appointments, vehicles, users] = await Promise.all([
      countVehiclesByWindow(db, windows),
      countAppointmentsByWindow(db, windows),
      countActiveUsersByWindow(db, windows),
      recentAppointments(db, RECENT_LIMIT),
      recentVehicles(db, storage, RECENT_LIMIT),
      recentUsers(db, RECENT_LIMIT),
    ]);
    return {
      totalVehicles: vehicleCounts.all.total,
      maintenanceRequests: appointmentCounts.total,
      activeUsers: userCounts.total,
      pendingApprovals: vehicleCounts.pending.total,
      growth: {
        totalVehicles: growthLabel(vehicleCounts.all),
        maintenanceRequests: growthLabel(appointmentCounts),
        activeUsers: growthLabel(userCounts),
        pendingApprovals: growthLabel(vehicleCounts.pending),
      },
      recentAppointments: appointments.map(toAppointment),
      recentVehicles: vehicles,
      recentUsers: users.map((u) => ({
        _id: u.id,
        name: u.name,
        email: u.email,
        avatar: u.avatarKey ? storage.url(u.avatarKey) : null,
        createdAt: u.createdAt.toISOString(),
      })),
    };
  };

  return {
    overview: (): Promise<AdminOverview> => kept.get('', readOverview),

    async search(q: string): Promise<AdminSearchResults> {
      const [vehicleRows, appointmentRows, userRows] = await Promise.all([
        searchVehicles(db, q, SEARCH_LIMIT),
        searchAppointments(db, q, SEARCH_LIMIT),
        searchUsers(db, q, SEARCH_LIMIT),
      ]);
      return {
        vehicles: vehicleRows.map((v) => ({
          _id: v.id,
          title: v.title,
          make: v.make,
          model: v.model,
          year: v.year,
          status: v.status as VehicleStatus,
        })),
        appointments: appointmentRows.map((a) => ({
          _id: a.id,
          specificService: a.specificService,
          customerName: a.customerName,
          appointmentDate: calendarDayInstant(a.appointmentDate),
          status: a.status as MaintenanceStatus,
        })),
        users: userRows.map((u) => ({ _id: u.id, name: u.name, email: u.email, status: u.status as UserStatus })),
      };
    },

    audit(entityType: AuditEntityType, entityId: string): Promise<AuditEntry[]> {
      return listAudit(db, entityType, entityId);
    },

    auditLog(query: AuditLogRequest) {
      return auditLogPage(db, config.WORKSHOP_TZ, query);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
