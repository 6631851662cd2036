import { RESOURCE_COUNT_FIELD, WORKSHOP_RESOURCES, type WorkshopResource } from '@dealer/shared';
import type { AppDeps } from './deps';
import { registerMailTemplates } from './mail/registry';
import { accountMailTemplates, createProfileService, createUsersService, type UserAdminDomains } from './modules/accounts';
import { createAdminService } from './modules/admin';
import { authMailTemplates, createAuthService, createForgotPasswordService, createPasswordResetService } from './modules/auth';
import { createEmailLogService } from './modules/email-log';
import { approvedWorkOf, createEstimatesService, declinedLinesDue, estimateDecisionsByPeriod, estimateMailTemplates, recommendedWorkFor } from './modules/estimates';
import { inspectionFindings } from './modules/inspections';
import { addBookedVehicle, createGarageService, type GarageHistorySources } from './modules/garage';
import { createInvoicesService, invoiceMailTemplates, invoicesForVehicles, revenueByPeriod } from './modules/invoices';
import { createRemindersService, reminderMailTemplates, remindersByPeriod, type ReminderJobDeps } from './modules/reminders';
import { createInspectionsService } from './modules/inspections';
import { closeLeadsOnSale, createLeadsService, leadFigures, leadMailTemplates, openLeadOf, recordTradeInOnLead, type LeadsVehicles } from './modules/leads';
import {
  appointmentCountOf,
  bookedHoursByPeriod,
  countHoldingOnDate,
  createMaintenanceService,
  jobEndingsByPeriod,
  jobsOfVehicles,
  listAppointmentsOfUser,
  maintenanceMailTemplates,
  toAppointment,
  vehiclesBookedBy,
  type MaintenanceService,
} from './modules/maintenance';
import { createSavedSearchesService, savedSearchMailTemplates, type DigestDeps } from './modules/saved-searches';
import { createSavedVehiclesService, listSavedVehicleIds } from './modules/saved-vehicles';
import {
  createUploadBudget,
  createVehiclesService,
  existingVehicleIds,
  publicMatchesListedAfter,
  publicPriceDropsSince,
  salesFigures,
  stockByAge,
  VEHICLE_MESSAGES,
  vehicleMailTemplates,
  vehicleSummaries,
  withdrawOwnerListings,
} from './modules/vehicles';
import { createClosuresService, listClosures } from './modules/workshop-calendar';
import { createReportsService, type ReportFigures } from './modules/reports';
import { createReservationsService, reservationMailTemplates } from './modules/reservations';
import { countTestDrivesBookedOnDate, createTestDrivesService, salesTeamAddresses, testDriveMailTemplates } from './modules/test-drives';
import { createTradeInsService, tradeInMailTemplates } from './modules/trade-ins';
import { createWorkshopService, lastCompletedServiceJobs, odometerReadingsOf, workshopMailTemplates } from './modules/workshop';

/** What user administration needs of maintenance and vehicles, which themselves look people up in accounts. */
const userAdminDomains: UserAdminDomains = {
  appointments: {
    countOf: appointmentCountOf,
    listOf: async (db, userId) => (await listAppointmentsOfUser(db, userId)).map(toAppointment),
  },
  listings: {
    withdrawSeller: (tx, sellerId, now) => withdrawOwnerListings(tx, sellerId, VEHICLE_MESSAGES.sellerWithdrawn, now),
    withdrawnNote: VEHICLE_MESSAGES.sellerWithdrawn,
  },
};

/** What saved-search digests need of vehicles (matches, price drops) and of saved vehicles. */
export const digestDomains: Pick<DigestDeps, 'listings' | 'savedVehicles'> = {
  listings: { matchesListedAfter: publicMatchesListedAfter, priceDropsSince: publicPriceDropsSince },
  savedVehicles: { idsOf: listSavedVehicleIds },
};
/** What the service reminders read of the workshop's history and of declined estimate lines. */
export const reminderDomains: Pick<ReminderJobDeps, 'history' | 'declined'> = {
  history: { lastJobs: lastCompletedServiceJobs },
  declined: { due: declinedLinesDue },
};
/** What My Garage shows of each vehicle's service history, and the bookings that fill it. */
const garageHistory: GarageHistorySources = {
  jobs: jobsOfVehicles,
  readings: odometerReadingsOf,
  invoices: invoicesForVehicles,
  recommendedWork: recommendedWorkFor,
  bookedVehicles: vehiclesBookedBy,
};
/** What the owner's reports read of leads, vehicles and the workshop's domains. */
const reportFigures = (maintenance: MaintenanceService): ReportFigures => ({
  leads: leadFigures,
  sales: salesFigures,
  stock: stockByAge,
  workshop: {
    bookedHours: bookedHoursByPeriod,
    jobEndings: jobEndingsByPeriod,
    revenue: revenueByPeriod,
    estimates: estimateDecisionsByPeriod,
    reminders: remindersByPeriod,
    places: async () => {
      const { resources } = await maintenance.workshopSettings();
      return Object.fromEntries(WORKSHOP_RESOURCES.map((r) => [r, resources[RESOURCE_COUNT_FIELD[r]]])) as Record<WorkshopResource, number>;
    },
    closedDays: async (db, from, to) => (await listClosures(db, from, to)).map((c) => c.date),
  },
});
/** What the sales desk (test drives, holds) shows of the cars. */
const salesDeskVehicles = { summaries: vehicleSummaries };

/** The holds domain's dependencies: the cars, and the sales team's addresses for its notices. */
export const reservationsDeps = (deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) => ({
  ...deps,
  vehicles: salesDeskVehicles,
  salesTeam: (db: Parameters<typeof salesTeamAddresses>[0]) => salesTeamAddresses(db, deps.config.WORKSHOP_EMAIL),
});

/** Trade-ins join the customer's open lead through leads' public entry; the cars and the sales team as the sales desk has them. */
export const tradeInsDeps = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage' | 'redis'>) => ({ ...deps, ...reservationsDeps(deps), leads: { openLeadOf, record: recordTradeInOnLead } });

/**
 * The composition root: every service is built here once, from the app's dependencies, and routes
 * take theirs from `app.services`. One instance per service means one cache per service (the public
 * vehicle counts and make choices are shared by the API list and the server-rendered vehicle pages).
 */
export function buildServices(deps: AppDeps) {
  registerDomainMailTemplates();
  // Marking a car sold closes its leads in the sale's transaction; vehicles knows nothing of leads.
  const vehicles = createVehiclesService({ ...deps, onSold: closeLeadsOnSale });
  const reminders = createRemindersService(deps);
  const invoices = createInvoicesService({ ...deps, estimates: { approvedWorkOf } });
  // A booking, in its transaction: its vehicle joins the customer's garage, and a reminder it follows
  // records it; completing a job issues its invoice in the completing transaction. Maintenance knows
  // nothing of garages, reminders or invoices.
  const maintenance = createMaintenanceService({
    ...deps,
    onCompleted: invoices.issueOnCompletion,
    onBooked: async (tx, booking) => {
      if (booking.userId) {
        const vehicle = { make: booking.vehicleMake, model: booking.vehicleModel, year: booking.vehicleYear, registration: booking.vehicleRegistration };
        await addBookedVehicle(tx, { userId: booking.userId, ...vehicle }, deps.clock.now());
      }
      await reminders.recordBooking(tx, booking);
    },
  });
  return {
    admin: createAdminService(deps),
    auth: createAuthService(deps),
    forgotPassword: createForgotPasswordService(deps),
    passwordReset: createPasswordResetService(deps),
    // Closing a day is refused while appointments or test drives are booked on it.
    closures: createClosuresService({ ...deps, bookings: { countHoldingOnDate }, testDrives: { countBookedOnDate: countTestDrivesBookedOnDate } }),
    emailLog: createEmailLogService(deps),
    maintenance,
    profile: createProfileService(deps),
    users: createUsersService({ ...deps, ...userAdminDomains }),
    vehicles,
    savedVehicles: createSavedVehiclesService({ ...deps, listings: { existingIds: existingVehicleIds } }),
    savedSearches: createSavedSearchesService(deps),
    // A lead's first-response deadline skips the closure days the workshop's calendar keeps.
    leads: createLeadsService({ ...deps, vehicles: leadVehicles(vehicles), calendar: { closedDays: maintenance.closedDays } }),
    uploadBudget: createUploadBudget(deps),
    testDrives: createTestDrivesService({ ...deps, vehicles: salesDeskVehicles }),
    reservations: createReservationsService(reservationsDeps(deps)),
    workshop: createWorkshopService({ ...deps, appointments: maintenance }),
    reports: createReportsService({ ...deps, figures: reportFigures(maintenance) }),
    tradeIns: createTradeInsService(tradeInsDeps(deps)),
    reminders,
    garage: createGarageService({ ...deps, history: garageHistory }),
    inspections: createInspectionsService({ ...deps, appointments: maintenance }),
    invoices,
    // Estimates move the job and set its cost through maintenance, and show inspections' findings.
    estimates: createEstimatesService({ ...deps, appointments: maintenance, findings: inspectionFindings }),
  };
}

export type Services = ReturnType<typeof buildServices>;

/**
 * What leads needs of vehicles. A sale through a lead is recorded by the vehicles domain as the
 * dealership's (sales staff record sales, which the vehicles domain otherwise takes from admins only),
 * naming the lead so its transaction closes that lead Won; the lead's account is the buyer when it has one.
 */
function leadVehicles(vehicles: ReturnType<typeof createVehiclesService>): LeadsVehicles {
  return {
    visible: (vehicleId) => vehicles.visibleToVisitor(vehicleId),
    sellThroughLead: async (vehicleId, actor, leadId, buyerId) => {
      const fields: Record<string, string> = { status: 'sold', ...(buyerId ? { buyerId } : {}) };
      await vehicles.update(vehicleId, { id: actor.id, role: 'ADMIN' }, { fields, files: [], existingImages: null, photoOrder: null }, { saleRef: leadId });
    },
  };
}

/** Every domain's e-mails, known to mail before anything is queued, delivered or shown in the log. */
export function registerDomainMailTemplates(): void {
  registerMailTemplates(maintenanceMailTemplates);
  registerMailTemplates(vehicleMailTemplates);
  registerMailTemplates(accountMailTemplates);
  registerMailTemplates(authMailTemplates);
  registerMailTemplates(savedSearchMailTemplates);
  registerMailTemplates(leadMailTemplates);
  registerMailTemplates(testDriveMailTemplates);
  registerMailTemplates(reservationMailTemplates);
  registerMailTemplates(workshopMailTemplates);
  registerMailTemplates(tradeInMailTemplates);
  registerMailTemplates(reminderMailTemplates);
  registerMailTemplates(estimateMailTemplates);
  registerMailTemplates(invoiceMailTemplates);
}
